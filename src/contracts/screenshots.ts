import { z } from 'zod';
import { IMAGE_TYPES } from '../core/screenshots';

/** The multipart field names of `POST /api/trades/:id/screenshots`. */
export const SCREENSHOT_FILE_FIELD = 'file';
export const SCREENSHOT_THUMBNAIL_FIELD = 'thumbnail';
export const SCREENSHOT_CAPTION_FIELD = 'caption';

/** Thumbnails are made in the browser at this width (never wider than the original). */
export const THUMBNAIL_WIDTH = 320;
/** A 320 px thumbnail is a few tens of kB; anything near this is not a thumbnail. */
export const THUMBNAIL_MAX_BYTES = 1024 * 1024;
export const CAPTION_MAX_LENGTH = 500;
export const MAX_SCREENSHOTS_PER_TRADE = 30;

export const screenshotJsonSchema = z.object({
  id: z.uuid(),
  /** Sniffed from the content at upload, never taken from the file name or the declared type. */
  mimeType: z.enum(IMAGE_TYPES),
  byteSize: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  caption: z.string(),
  hasThumbnail: z.boolean(),
  createdAt: z.string(),
  /** The full-size image and the thumbnail (the full-size one when no thumbnail was uploaded). */
  url: z.string(),
  thumbnailUrl: z.string(),
});
export type ScreenshotJson = z.infer<typeof screenshotJsonSchema>;

export const screenshotListJsonSchema = z.object({
  screenshots: z.array(screenshotJsonSchema),
  /** The server's size limit per image, so the browser can refuse a file before uploading it. */
  maxBytes: z.number(),
});
export type ScreenshotListJson = z.infer<typeof screenshotListJsonSchema>;
