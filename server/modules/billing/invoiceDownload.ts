import { recordNotFound } from '../../domain/errors';
import type { Handler } from '../../http/operationDef';
import { visibleRecord } from '../../reads/recordParts';

/**
 * GET /invoices/{id}/download (001 §7): the invoice's stored file. The invoice is read as its get
 * reads it for the caller first, so an invoice outside the caller's subtree is a 404 exactly as
 * it is there; an invoice without a stored file is a 404 too (nothing to download).
 */
export const downloadInvoice: Handler<'downloadInvoice'> = async ({ params }, context) => {
  await visibleRecord('getInvoice', params.id, context);
  const file = (await context.db('invoice_files').where('invoice_id', params.id).first('file_name', 'content_type', 'content')) as
    { file_name: string; content_type: string; content: string } | undefined;
  if (!file) throw recordNotFound();
  if (file.content_type !== 'application/pdf')
    throw new Error(`invoice ${params.id} holds a ${file.content_type}, which the contract does not answer`);
  return { content: Buffer.from(file.content, 'base64'), fileName: file.file_name, contentType: 'application/pdf' };
};
