import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  SCREENSHOT_CAPTION_FIELD,
  SCREENSHOT_FILE_FIELD,
  SCREENSHOT_THUMBNAIL_FIELD,
} from '../../../contracts/screenshots';
import { IMAGE_TYPE_NAMES } from '../../../core/screenshots';
import { AppError } from '../../errors';
import { requireAccess } from '../../plugins/auth';
import { idParam } from '../ids';
import {
  listTradeScreenshots,
  readScreenshot,
  removeScreenshot,
  tooLargeError,
  uploadScreenshot,
  type ScreenshotDeps,
  type ServedImage,
  type UploadedParts,
} from './screenshots.service';

const MULTIPART_EXPECTED = `Send the image as multipart/form-data with a ${IMAGE_TYPE_NAMES} file in the "${SCREENSHOT_FILE_FIELD}" field.`;

/** Reads the upload's parts into memory; the size limit stops reading as soon as a file passes it. */
async function readUploadParts(req: FastifyRequest, maxBytes: number): Promise<UploadedParts> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_EXPECTED);
  const parts: UploadedParts = { file: null, thumbnail: null, caption: '' };
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === SCREENSHOT_CAPTION_FIELD && typeof part.value === 'string') parts.caption = part.value;
        continue;
      }
      const isFile = part.fieldname === SCREENSHOT_FILE_FIELD;
      if ((!isFile && part.fieldname !== SCREENSHOT_THUMBNAIL_FIELD) || (isFile ? parts.file : parts.thumbnail))
        throw new AppError(
          'VALIDATION_ERROR',
          `Send one image per request in the "${SCREENSHOT_FILE_FIELD}" field, with at most one "${SCREENSHOT_THUMBNAIL_FIELD}".`,
        );
      const bytes = new Uint8Array(await part.toBuffer());
      if (isFile) parts.file = bytes;
      else parts.thumbnail = bytes;
    }
  } catch (err) {
    const code = (err as { code?: unknown }).code; // @fastify/multipart's errors carry a code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLargeError(maxBytes);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Send one image per request in the "${SCREENSHOT_FILE_FIELD}" field, with at most one "${SCREENSHOT_THUMBNAIL_FIELD}".`,
      );
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', MULTIPART_EXPECTED);
    throw err;
  }
  return parts;
}

/**
 * Sends a stored image as itself and nothing else: the type sniffed at upload, no sniffing by the
 * browser, a private cache, inline under a name we make, and a CSP that lets it run nothing if it
 * is opened on its own.
 */
function sendImage(reply: FastifyReply, image: ServedImage) {
  return reply
    .type(image.mimeType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400')
    .header('content-disposition', `inline; filename="${image.fileName}"`)
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
    .header('content-length', image.bytes.length)
    .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.length));
}

/** Screenshots of trades: upload, list, full size, thumbnail, delete; each user sees only their own. */
export const screenshotRoutes: FastifyPluginAsync = async (app) => {
  const maxBytes = app.config.screenshotMaxBytes;
  // Registered here, so multipart parsing exists only on these routes.
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: 2, fields: 4, parts: 6, fieldSize: 4096, headerPairs: 100 },
  });
  // Any other body type reaches the handler, which answers a clear 415 instead of Fastify's generic one.
  app.addContentTypeParser('*', (_req, _payload, done) => done(null));

  const deps: ScreenshotDeps = {
    db: app.db,
    storage: app.storage,
    log: (msg, err) => app.log.error({ err }, msg),
  };

  app.post('/api/trades/:id/screenshots', async (req, reply) => {
    const user = requireAccess(app, req);
    const parts = await readUploadParts(req, maxBytes);
    const json = await uploadScreenshot(
      { ...deps, maxBytes },
      { userId: user.id, tradeId: idParam(req), parts, now: app.clock.now() },
    );
    return reply.code(201).send(json);
  });

  app.get('/api/trades/:id/screenshots', async (req) =>
    listTradeScreenshots({ db: app.db, maxBytes }, { userId: requireAccess(app, req).id, tradeId: idParam(req) }),
  );

  app.get('/api/screenshots/:id', async (req, reply) =>
    sendImage(
      reply,
      await readScreenshot(deps, { userId: requireAccess(app, req).id, id: idParam(req), variant: 'full' }),
    ),
  );

  app.get('/api/screenshots/:id/thumbnail', async (req, reply) =>
    sendImage(
      reply,
      await readScreenshot(deps, { userId: requireAccess(app, req).id, id: idParam(req), variant: 'thumbnail' }),
    ),
  );

  app.delete('/api/screenshots/:id', async (req, reply) => {
    await removeScreenshot(deps, { userId: requireAccess(app, req).id, id: idParam(req) });
    return reply.code(204).send();
  });
};
