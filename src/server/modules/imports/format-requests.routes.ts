import type { FastifyPluginAsync } from 'fastify';
import { brokerFormatRequestFieldsSchema } from '../../../contracts/imports';
import { AppError } from '../../errors';
import { parseInput } from '../../validation';
import { insertBrokerFormatRequest } from './imports.queries';

/** A sample is 10–20 rows: far below this. */
export const FORMAT_SAMPLE_MAX_BYTES = 512 * 1024;
const FILE_FIELD = 'file';

/**
 * `POST /api/broker-format-requests`: "my broker isn't supported" — a sample file and the broker's
 * name, kept for the admins. Open to visitors of /brokers too (they give an e-mail address), so
 * rate-limited per IP. Expects the multipart parser registered by the parent (imports.routes.ts).
 */
export const brokerFormatRequestRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/broker-format-requests',
    { config: { rateLimit: { max: app.config.contactRateLimit, timeWindow: '1 minute' } } },
    async (req, reply) => {
      if (!req.isMultipart())
        throw new AppError('VALIDATION_ERROR', 'Attach a sample file.', { file: 'Attach a sample file.' });
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | null = null;
      try {
        for await (const part of req.parts({ limits: { fileSize: FORMAT_SAMPLE_MAX_BYTES, files: 1 } })) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
          } else if (part.fieldname === FILE_FIELD && !file) {
            file = { name: (part.filename || 'sample').slice(0, 255), bytes: await part.toBuffer() };
          } else await part.toBuffer(); // drain and ignore
        }
      } catch (err) {
        if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', 'The sample is larger than 512 kB: 10–20 rows are enough.');
        throw err;
      }
      const input = parseInput(brokerFormatRequestFieldsSchema, {
        brokerName: fields.brokerName ?? '',
        email: fields.email?.trim() ? fields.email.trim() : undefined,
        notes: fields.notes,
      });
      const email = req.user?.email ?? input.email;
      if (!email) throw new AppError('VALIDATION_ERROR', 'Invalid input: email', { email: 'Email is required' });
      if (!file || file.bytes.length === 0)
        throw new AppError('VALIDATION_ERROR', 'Attach a sample file.', { file: 'Attach a sample file.' });
      const { id } = await insertBrokerFormatRequest(app.db, {
        userId: req.user?.id ?? null,
        email,
        brokerName: input.brokerName,
        notes: input.notes ?? '',
        fileName: file.name,
        fileBase64: file.bytes.toString('base64'),
        fileSize: file.bytes.length,
        createdAt: app.clock.now(),
      });
      return reply.code(201).send({
        id,
        message: `Thanks! We received your ${input.brokerName} sample and will add support for it. We'll e-mail ${email} when it's ready.`,
      });
    },
  );
};
