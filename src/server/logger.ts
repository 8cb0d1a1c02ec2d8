import pino, { type DestinationStream } from 'pino';

/** Link tokens ride in query strings (verification) and paths (password reset, My registration): log neither. */
export function loggablePath(url: string) {
  return (
    url
      .split('?')[0]
      ?.replace(/\/reset-password\/[^/]+/i, '/reset-password/[token]')
      // /My/links is the page asking for links, not a token.
      .replace(/(\/my\/)(?!links(?:\/|$))[^/]+/i, '$1[token]')
      // A waitlist offer's link: /Offer/<token>, /api/offers/<token>.
      .replace(/(\/offers?\/)[^/]+/i, '$1[token]') ?? ''
  );
}

/** The server's JSON log: cookies, authorisation headers and link tokens never reach it. */
export function createLogger(level: string, destination?: DestinationStream) {
  return pino(
    {
      level,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
        remove: true,
      },
      serializers: {
        req: (req) => ({ method: req.method, url: loggablePath(String(req.url)), remoteAddress: req.ip }),
      },
    },
    destination,
  );
}
