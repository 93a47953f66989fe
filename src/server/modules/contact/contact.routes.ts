import type { FastifyPluginAsync } from 'fastify';
import { contactRequestSchema } from '../../../contracts/contact';
import { parseInput } from '../../validation';
import { submitContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/contact',
    { config: { rateLimit: { max: app.config.contactRateLimit, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const body = parseInput(contactRequestSchema, req.body);
      const { id } = await submitContactMessage(
        {
          db: app.db,
          mailer: app.mailer,
          supportEmail: app.config.publicConfig.supportEmail,
          brand: app.config.publicConfig.brand,
        },
        { ...body, ip: req.ip },
      );
      return reply.code(201).send({ id });
    },
  );
};
