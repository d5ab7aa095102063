// GET /objects/{key}: stored media with the access rules of DECISIONS §7.
import type { FastifyInstance } from 'fastify';

export async function objectRoutes(_app: FastifyInstance) {}
