import { FileUp } from 'lucide-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from '../../components/ui/button';
import { ACCEPT_ATTRIBUTE, ACCEPTED_EXTENSIONS } from './import-api';

/**
 * Where a broker file comes in: dropped on the zone, or chosen with the "Choose file" button (the
 * keyboard and screen-reader path). While uploading it shows the progress instead.
 */
export function DropZone({
  onFile,
  isBusy,
  progress,
  fileName,
  currentFile,
}: {
  onFile: (file: File) => void;
  isBusy: boolean;
  /** 0–1 while the file is sent. */
  progress: number | null;
  fileName: string | null;
  /** The file being previewed: the zone shrinks to one line that offers another file. */
  currentFile?: string | null;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const ids = useId();
  const isCompact = !isBusy && !!currentFile;

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isBusy) onFile(file);
  };

  return (
    <div
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        if (!isBusy) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={onDrop}
      className={`flex rounded-2xl border-2 border-dashed transition-colors ${isOver ? 'border-accent bg-accent-soft' : 'border-line bg-sunken/60'} ${isCompact ? 'flex-wrap items-center gap-3 px-4 py-3' : 'flex-col items-center justify-center gap-3 px-4 py-8 text-center'}`}
    >
      <FileUp className={`shrink-0 text-accent ${isCompact ? 'h-5 w-5' : 'h-8 w-8'}`} aria-hidden="true" />
      {isCompact ? (
        <>
          <p className="min-w-48 flex-1 text-sm text-muted">
            Previewing <span className="font-semibold [overflow-wrap:anywhere] text-fg">{currentFile}</span> · drop
            another file here
          </p>
          <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
            Choose another file
          </Button>
        </>
      ) : isBusy ? (
        <div className="w-full max-w-sm" role="status" aria-live="polite">
          <p className="text-sm font-semibold text-fg">
            {progress !== null && progress < 1 ? 'Uploading' : 'Reading'} {fileName ?? 'the file'}…
          </p>
          <div
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((progress ?? 0) * 100)}
            className="mt-2 h-2 overflow-hidden rounded-full bg-line"
          >
            <div className="h-full bg-accent transition-[width]" style={{ width: `${(progress ?? 0) * 100}%` }} />
          </div>
        </div>
      ) : (
        <>
          <div>
            <p className="font-semibold text-fg">Drop your broker’s trade history here</p>
            <p id={`${ids}-types`} className="mt-1 text-sm text-muted">
              {ACCEPTED_EXTENSIONS.join(' ')} · any delimiter, encoding or date format
            </p>
          </div>
          <Button onClick={() => inputRef.current?.click()} aria-describedby={`${ids}-types`}>
            Choose file
          </Button>
        </>
      )}
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPT_ATTRIBUTE}
        hidden
        data-testid="import-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = ''; // the same file may be chosen again after an error
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
