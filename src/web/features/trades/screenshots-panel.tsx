import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, Trash2, X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { ScreenshotJson, ScreenshotListJson } from '../../../contracts/screenshots';
import { IMAGE_TYPES } from '../../../core/screenshots';

import { Button, buttonClass } from '../../components/ui/button';
import { api, apiQuery, toApiError } from '../../lib/api';
import { makeThumbnail } from './make-thumbnail';
import { ScreenshotViewer } from './screenshot-viewer';
import { findUploadProblem, uploadScreenshot } from './upload-screenshot';

const screenshotsKey = (tradeId: string) => ['/api/trades', tradeId, 'screenshots'];

type UploadItem = { key: number; name: string; progress: number; error: string | null };

/** True when the paste lands in a text field and carries text: the text goes in, nothing is uploaded. */
function isTextPaste(event: ClipboardEvent): boolean {
  const target = event.target;
  const isEditable =
    target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA'].includes(target.tagName));
  return isEditable && (event.clipboardData?.types.includes('text/plain') ?? false);
}

/**
 * The trade dialog's screenshots: a drop zone with a file picker, paste from the clipboard
 * (Ctrl/⌘+V anywhere in the open dialog), upload progress and errors, a thumbnail grid, a full-size
 * viewer, and delete with confirmation.
 */
export function ScreenshotsPanel({ tradeId }: { tradeId: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const list = useQuery(
    apiQuery('GET /api/trades/:id/screenshots', { params: { id: tradeId }, queryKey: screenshotsKey(tradeId) }),
  );
  const screenshots = list.data?.screenshots ?? [];
  const maxBytes = list.data?.maxBytes ?? 0;

  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  /** The tiles' open buttons by screenshot id, to give focus back to the one the viewer showed last. */
  const tileButtons = useRef(new Map<string, HTMLButtonElement>());
  const lastViewedId = useRef<string | null>(null);
  const showScreenshot = (index: number) => {
    setViewerIndex(index);
    lastViewedId.current = screenshots[index]?.id ?? null;
  };

  const updateUpload = (key: number, patch: Partial<UploadItem>) =>
    setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  const uploadOne = useCallback(
    async (file: File) => {
      const key = nextKey.current++;
      const name = file.name || 'Pasted image';
      setUploads((items) => [...items, { key, name, progress: 0, error: null }]);
      const problem = await findUploadProblem(file, maxBytes);
      if (problem) return updateUpload(key, { error: problem });
      try {
        const thumbnail = await makeThumbnail(file);
        const shot = await uploadScreenshot({
          tradeId,
          file,
          thumbnail,
          onProgress: (progress) => updateUpload(key, { progress }),
        });
        queryClient.setQueryData<ScreenshotListJson>(screenshotsKey(tradeId), (old) =>
          old ? { ...old, screenshots: [...old.screenshots, shot] } : old,
        );
        setUploads((items) => items.filter((item) => item.key !== key));
        setAnnouncement(`${name} uploaded.`);
      } catch (err) {
        const message = toApiError(err, 'The upload failed. Check your connection and try again.').message;
        updateUpload(key, { error: `${name}: ${message}` });
      }
    },
    [tradeId, maxBytes, queryClient],
  );

  const uploadAll = useCallback(
    (files: Iterable<File>) => {
      for (const file of files) void uploadOne(file);
    },
    [uploadOne],
  );

  // NOTE: listens on the whole document while the dialog is open, so Ctrl/⌘+V works from any field.
  useEffect(() => {
    if (!list.data) return;
    const onPaste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0 || isTextPaste(event)) return;
      event.preventDefault();
      uploadAll(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [list.data, uploadAll]);

  const remove = useMutation({
    mutationFn: (shot: ScreenshotJson) => api('DELETE /api/screenshots/:id', { params: { id: shot.id } }),
    onSuccess: (_res, shot) => {
      queryClient.setQueryData<ScreenshotListJson>(screenshotsKey(tradeId), (old) =>
        old ? { ...old, screenshots: old.screenshots.filter((s) => s.id !== shot.id) } : old,
      );
      setConfirmingId(null);
      setAnnouncement('Screenshot deleted.');
      chooseRef.current?.focus();
    },
    onError: (err) => setAnnouncement(toApiError(err, 'The screenshot could not be deleted.').message),
  });

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    uploadAll(event.dataTransfer.files);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3" data-testid="screenshots-panel">
      <h3 id={`${id}-title`} className="text-sm font-semibold text-fg">
        Screenshots{screenshots.length > 0 ? ` (${screenshots.length})` : ''}
      </h3>

      <div
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm sm:flex-row sm:justify-center sm:text-left ${isDragging ? 'border-accent bg-accent-soft' : 'border-line bg-sunken'}`}
      >
        <ImagePlus className="h-6 w-6 shrink-0 text-muted" aria-hidden="true" />
        <p className="text-muted" id={`${id}-hint`}>
          Drop images here or paste with Ctrl/⌘+V. PNG, JPEG or WebP
          {maxBytes > 0 ? `, up to ${Math.round(maxBytes / (1024 * 1024))} MB each` : ''}.
        </p>
        <button
          ref={chooseRef}
          type="button"
          className={buttonClass('secondary', 'sm', 'shrink-0')}
          onClick={() => inputRef.current?.click()}
          aria-describedby={`${id}-hint`}
          disabled={!list.data}
        >
          Choose files
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          hidden
          aria-label="Screenshot files"
          data-testid="screenshot-input"
          onChange={(event) => {
            if (event.target.files) uploadAll(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {list.isError && (
        <p role="alert" className="text-sm text-loss">
          {toApiError(list.error, 'The screenshots could not be loaded.').message}
        </p>
      )}

      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label="Uploads">
          {uploads.map((item) =>
            item.error ? (
              <li
                key={item.key}
                className="flex items-start justify-between gap-2 rounded-lg border border-loss/40 bg-loss/10 px-3 py-2 text-sm text-loss"
              >
                <span role="alert">{item.error}</span>
                <button
                  type="button"
                  onClick={() => setUploads((items) => items.filter((i) => i.key !== item.key))}
                  className="rounded p-0.5 hover:bg-loss/10 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`Dismiss the error for ${item.name}`}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            ) : (
              <li key={item.key} className="grid gap-1 text-sm text-fg">
                <label htmlFor={`${id}-progress-${item.key}`}>Uploading {item.name}…</label>
                <progress
                  id={`${id}-progress-${item.key}`}
                  max={1}
                  value={item.progress}
                  className="h-2 w-full overflow-hidden rounded-full accent-accent"
                />
              </li>
            ),
          )}
        </ul>
      )}

      {screenshots.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Screenshots">
          {screenshots.map((shot, index) => {
            const label = `Screenshot ${index + 1}${shot.caption ? `: ${shot.caption}` : ''}`;
            const isConfirming = confirmingId === shot.id;
            return (
              <li
                key={shot.id}
                className="group relative overflow-hidden rounded-lg border border-line bg-sunken"
                data-testid="screenshot-tile"
              >
                <button
                  type="button"
                  ref={(button) => {
                    if (button) tileButtons.current.set(shot.id, button);
                    else tileButtons.current.delete(shot.id);
                  }}
                  onClick={() => showScreenshot(index)}
                  className="block aspect-video w-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                  aria-label={`Open ${label} full size`}
                >
                  <img
                    src={shot.thumbnailUrl}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                    width={320}
                    height={180}
                  />
                </button>
                {isConfirming ? (
                  <div
                    role="group"
                    aria-label={`Delete screenshot ${index + 1}?`}
                    className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-elevated/95 p-2 text-center"
                  >
                    <span className="text-sm font-medium text-fg">Delete?</span>
                    <div className="flex justify-center gap-1.5">
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => setConfirmingId(null)}
                        autoFocus
                        className="h-8 px-2.5"
                      >
                        Cancel
                      </Button>
                      <Button
                        size="sm"
                        onClick={() => remove.mutate(shot)}
                        disabled={remove.isPending}
                        className="h-8 bg-loss px-2.5 text-white hover:bg-loss/90"
                      >
                        Delete
                      </Button>
                    </div>
                  </div>
                ) : (
                  <button
                    type="button"
                    onClick={() => setConfirmingId(shot.id)}
                    className="absolute right-1.5 top-1.5 rounded-md bg-elevated/90 p-1.5 text-fg shadow-sm hover:text-loss focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    aria-label={`Delete screenshot ${index + 1}`}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}

      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>

      <ScreenshotViewer
        screenshots={screenshots}
        index={viewerIndex !== null && viewerIndex < screenshots.length ? viewerIndex : null}
        onIndexChange={showScreenshot}
        onClose={() => setViewerIndex(null)}
        onCloseAutoFocus={(event) => {
          const button = lastViewedId.current ? tileButtons.current.get(lastViewedId.current) : undefined;
          if (!button) return;
          event.preventDefault();
          button.focus();
        }}
      />
    </section>
  );
}
