import pg from 'pg';

/** What a LISTEN subscription tells its owner. */
export interface NoticeHandlers {
  /** A notification on the channel, with its payload. */
  onNotice(payload: string): void;
  /** Listening (again): notices from now on arrive. */
  onListening(): void;
  /** The subscription is down: notices sent from now until `onListening` are lost. */
  onLost(error: Error): void;
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

/**
 * LISTENs on `channel` over a connection of its own (a pooled one would be handed to queries), and opens a
 * new one after a loss, waiting longer after each failure. Returns the function that stops it.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NoticeHandlers,
): () => Promise<void> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  function lost(error: Error, failed: pg.Client) {
    if (client !== failed) return;
    client = null;
    failed.end().catch(() => {});
    if (stopped) return;
    handlers.onLost(error);
    retry = setTimeout(connect, delay).unref();
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  }

  async function connect() {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', (error) => lost(error, next));
    next.on('end', () => lost(new Error('the listening connection ended'), next));
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotice(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(error as Error, next);
      return;
    }
    if (stopped || client !== next) return;
    delay = FIRST_RETRY_MS;
    handlers.onListening();
  }

  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
