import { THUMBNAIL_WIDTH } from '../../../contracts/screenshots';

const canvasToBlob = (canvas: HTMLCanvasElement, type: string) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.82));

/**
 * A thumbnail made in the browser (no image library on the server): the image drawn on a canvas
 * at most `width` px wide, as WebP, or JPEG where the browser cannot encode WebP (Safari answers
 * PNG for an unknown type, hence the type check). Null when the browser cannot decode the image or
 * the thumbnail would be no smaller than the original; the server then serves the original.
 */
export async function makeThumbnail(file: Blob, width = THUMBNAIL_WIDTH): Promise<Blob | null> {
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file);
    const scale = Math.min(1, width / bitmap.width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) return null;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    for (const type of ['image/webp', 'image/jpeg']) {
      const blob = await canvasToBlob(canvas, type);
      if (blob && blob.type === type) return blob.size < file.size ? blob : null;
    }
    return null;
  } catch {
    return null; // undecodable here: the upload goes on without a thumbnail
  } finally {
    bitmap?.close();
  }
}
