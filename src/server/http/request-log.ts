import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { loggablePath } from '../logger.ts';

/**
 * One line per request, written when it is answered, instead of Fastify's two ("incoming request",
 * "request completed"): what was asked, the status and how long it took, the path without its tokens.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const path = loggablePath(request.url, request.routeOptions.url);
    const responseTime = Math.round(reply.elapsedTime);
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime };
    const message = `${request.method} ${path} ${reply.statusCode} ${responseTime} ms`;
    if (error) request.log.error({ ...line, err: error }, message);
    else request.log.info(line, message);
  }
}
