import nodemailer from 'nodemailer';
import type { JobKind } from './context.js';
import { nowIso } from '../domain/clock.js';

/**
 * Sends what the outbox holds when SMTP_URL is configured; otherwise invitations stay recorded
 * in the outbox (logged when created) for the operator to pass on.
 */
export const mailJob: JobKind = {
  name: 'mail',
  async run(ctx) {
    if (!ctx.config.smtpUrl) return false;
    const item = await ctx.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('sentAt', 'is', null)
      .where('error', 'is', null)
      .orderBy('createdAt')
      .limit(1)
      .executeTakeFirst();
    if (!item) return false;
    // Mark first so that two workers never send the same mail twice (at most once, by design).
    const claimed = await ctx.store.db.updateTable('outbox').set({ sentAt: nowIso() }).where('id', '=', item.id).where('sentAt', 'is', null).executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return true;
    try {
      await nodemailer.createTransport(ctx.config.smtpUrl).sendMail({ from: ctx.config.mailFrom, to: item.recipient, subject: item.subject, text: item.body });
    } catch (err) {
      ctx.log.warn({ err, outboxId: item.id }, 'could not send an invitation');
      await ctx.store.db
        .updateTable('outbox')
        .set({ error: String((err as Error).message ?? err) })
        .where('id', '=', item.id)
        .execute();
    }
    return true;
  },
};
