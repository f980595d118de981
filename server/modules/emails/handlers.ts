import { DomainError } from '../../domain/errors';
import { emailNames, emailSamples, emailTemplates, type EmailName } from '../../generated/emails';
import type { Handler } from '../../http/operationDef';
import { EmailRecipients, RECIPIENT_COLUMNS, type RecipientRow } from '../../integrations/emails/emailRecipients';
import { renderEmail, type EmailRecipient } from '../../integrations/emails/renderEmail';
import { signedIn } from '../auth/signedIn';

/**
 * The root admin's preview of the e-mails (docs/backoffice.md "E-mail templates"): each of
 * spec/emails rendered with its sample, exactly as the server sends it (server/integrations/emails).
 * The router has checked the guard (root and admin) before these run.
 */
export const listEmailTemplates: Handler<'listEmailTemplates'> = async () =>
  emailNames.map((name) => ({ name, label: emailTemplates[name].label, description: emailTemplates[name].description }));

const isEmailName = (name: string): name is EmailName => (emailNames as readonly string[]).includes(name);

/**
 * One e-mail for the admin as its recipient, in the language asked for; with `organisation`, in
 * that organisation's branding and portal address (one of the caller's tree, else 422), as its
 * users receive it; without, in none.
 */
export const previewEmailTemplate: Handler<'previewEmailTemplate'> = async ({ params, query }, context) => {
  const user = signedIn(context);
  if (!isEmailName(params.name))
    throw new DomainError('not_found', 'email_not_found', { detail: `no e-mail ${params.name} in spec/emails` });
  const recipients = new EmailRecipients(context.db);
  const own = (await context
    .db('users as u')
    .where('u.id', user.id)
    .first(...RECIPIENT_COLUMNS)) as RecipientRow;
  let recipient: EmailRecipient = { ...(await recipients.user(own)), language: query.locale, branding: null };
  if (query.organisation !== undefined) {
    const inTree = await context
      .db('organisations')
      .where('id', query.organisation)
      .andWhere('tree_path', 'like', `${user.organisation.tree_path}%`)
      .first('id');
    if (!inTree)
      throw new DomainError('unprocessable', 'unknown_value', {
        field: 'organisation',
        detail: "no organisation of the caller's tree has this id",
      });
    recipient = { ...(await recipients.address(own.email_address, query.organisation, query.locale, own.timezone)), name: own.name };
  }
  const rendered = await renderEmail(params.name, recipient, emailSamples[params.name] as never);
  return { name: params.name, locale: query.locale, subject: rendered.subject, html: rendered.html, text: rendered.text };
};
