import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicEvent } from '../../../shared/events/event.ts';
import type { PageData } from '../../../shared/page-data.ts';

/** Renders a page with the event and `extra`, and sends it. */
export type SendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  extra?: Partial<PageData> & { event?: PublicEvent },
  options?: {
    status?: number;
    /** The route rendered, when it is not the request's (a form answered with the Thank-you page). */
    at?: string;
    /** One person's page: rendered for this request only, answered no-store. */
    personal?: boolean;
    /** The route's client module, where the path does not name it (a private link's page). */
    module?: string;
  },
) => Promise<FastifyReply>;
