import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { importCommitSchema, importRemapSchema } from '../../../contracts/imports';
import { AppError } from '../../errors';
import { requireAccess } from '../../plugins/auth';
import { parseInput } from '../../validation';
import { idParam } from '../ids';
import { EDGEBOOK_CSV_TEMPLATE } from './csv-template';
import { createImportDeps } from './import-deps';
import { brokerFormatRequestRoutes } from './format-requests.routes';
import {
  commitImport,
  createImport,
  deleteImport,
  getImportJson,
  listImportJson,
  newImportId,
  remapImport,
  removeFailedUploads,
  type ImportDeps,
  type SavedUpload,
} from './imports.service';

export const IMPORT_FILE_FIELD = 'file';
const MULTIPART_EXPECTED = `Send the file as multipart/form-data in the "${IMPORT_FILE_FIELD}" field.`;

const tooLarge = (maxBytes: number) =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `The file is larger than ${Math.round(maxBytes / 2 ** 20)} MB. Export a shorter date range and import it in parts.`,
  );

/** Streams the upload to disk under a new id; answers it with the form's other fields. */
async function receiveUpload(
  req: FastifyRequest,
  deps: ImportDeps,
): Promise<{ id: string; saved: SavedUpload; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('VALIDATION_ERROR', MULTIPART_EXPECTED, { file: MULTIPART_EXPECTED });
  const id = newImportId();
  const fields: Record<string, string> = {};
  let saved: SavedUpload | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== IMPORT_FILE_FIELD || saved)
        throw new AppError('VALIDATION_ERROR', `Send one file, in the "${IMPORT_FILE_FIELD}" field.`, {
          file: 'One file per import',
        });
      const result = await deps.uploads.save(id, part.file);
      if (part.file.truncated) throw tooLarge(deps.maxBytes);
      saved = { ...result, fileName: (part.filename || 'upload').slice(0, 255) };
    }
  } catch (err) {
    await deps.uploads.remove(id);
    const code = (err as { code?: unknown }).code; // @fastify/multipart's errors carry a code
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(deps.maxBytes);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new AppError('VALIDATION_ERROR', MULTIPART_EXPECTED, { file: MULTIPART_EXPECTED });
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError('VALIDATION_ERROR', `Send one file, in the "${IMPORT_FILE_FIELD}" field.`, {
        file: 'One file per import',
      });
    throw err;
  }
  if (!saved) throw new AppError('VALIDATION_ERROR', 'Choose a file to import.', { file: 'Choose a file to import.' });
  return { id, saved, fields };
}

const optional = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

/** Broker files in: upload and preview, remap, commit (at once or in the background), history, undo. */
export const importRoutes: FastifyPluginAsync = async (app) => {
  const { deps, close } = createImportDeps(app);
  app.addHook('onClose', close);
  // Files of failed imports left behind go, in the background (import-jobs.ts fails those a stop cut off).
  app.addHook('onReady', async () => {
    removeFailedUploads(deps).catch((err: unknown) => app.log.warn({ err }, 'removing failed imports’ files failed'));
  });
  // Registered here, so multipart parsing exists only on these routes.
  await app.register(multipart, {
    limits: { fileSize: deps.maxBytes, files: 1, fields: 8, parts: 10, fieldSize: 4096, headerPairs: 100 },
  });

  app.post('/api/imports', async (req, reply) => {
    const user = requireAccess(app, req);
    const { id, saved, fields } = await receiveUpload(req, deps);
    const json = await createImport(deps, {
      user,
      id,
      saved,
      accountId: optional(fields.accountId),
      timezone: optional(fields.timezone),
      now: app.clock.now(),
    });
    return reply.code(201).send(json);
  });

  app.get('/api/imports', async (req) => listImportJson(app.db, requireAccess(app, req).id));

  // Before '/api/imports/:id', which would otherwise take "template.csv" for an id.
  app.get('/api/imports/template.csv', async (req, reply) => {
    requireAccess(app, req);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="edgebook-import-template.csv"')
      .send(EDGEBOOK_CSV_TEMPLATE);
  });

  app.get('/api/imports/:id', async (req) =>
    getImportJson(app.db, { userId: requireAccess(app, req).id, id: idParam(req) }),
  );

  app.post('/api/imports/:id/preview', async (req) => {
    const user = requireAccess(app, req);
    const input = parseInput(importRemapSchema, req.body ?? {});
    return remapImport(deps, { user, id: idParam(req), ...input });
  });

  app.post('/api/imports/:id/commit', async (req, reply) => {
    const user = requireAccess(app, req);
    const request = parseInput(importCommitSchema, req.body);
    const outcome = await commitImport(deps, { user, id: idParam(req), request, now: app.clock.now() });
    return reply.code(outcome.kind === 'done' ? 200 : 202).send(outcome.json);
  });

  app.delete('/api/imports/:id', async (req, reply) => {
    const user = requireAccess(app, req);
    const undone = await deleteImport(deps, { user, id: idParam(req), now: app.clock.now() });
    return undone ? reply.send(undone) : reply.code(204).send();
  });

  await app.register(brokerFormatRequestRoutes);
};
