// Upload URLs, the local upload endpoint, finalising (PUT /api/media, PUT /api/profile-image) and the
// multipart calls of spec 001 §7 (DECISIONS §7).
import type { FastifyInstance } from 'fastify';

export async function uploadRoutes(_app: FastifyInstance) {}
