// Files for the media journeys, made in the test (no committed binaries), and the API calls that store them.
import { type APIRequestContext, expect } from '@playwright/test';

/** What PUT /api/media answers for a stored file. */
export interface StoredMedia {
  objectPath: string;
  size: number;
  contentType: string;
  width: number | null;
  height: number | null;
}

/** One file through the upload flow of spec 001 §7: an upload URL, the bytes PUT there, then PUT /api/media. */
export async function uploadMedia(
  request: APIRequestContext,
  bytes: Buffer,
  fileName: string,
  contentType: string,
  category: 'image' | 'document' | 'audio',
): Promise<StoredMedia> {
  const start = await request.post('/api/objects/upload', {
    data: { category, size: bytes.length, contentType, fileName },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await request.put(uploadURL, { data: bytes, headers: { 'Content-Type': contentType } });
  expect(put.ok(), await put.text()).toBe(true);
  const done = await request.put('/api/media', { data: { mediaURL: uploadURL } });
  expect(done.ok(), await done.text()).toBe(true);
  return (await done.json()) as StoredMedia;
}

/** POST /api/posts with media fields; 201 expected. */
export async function apiMediaPost(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/posts', { data });
  expect(res.status(), await res.text()).toBe(201);
}

/** The smallest valid one-page PDF, with its cross-reference offsets computed. */
export function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 20 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
