import type { FastifyReply } from 'fastify';
import type { CsvFile } from '#server/modules/war/insights/war-insights.service';

/** A CSV download: text/csv, a file name (letters, digits, dot, dash only), the body as is. */
export function sendCsv(reply: FastifyReply, file: CsvFile): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}
