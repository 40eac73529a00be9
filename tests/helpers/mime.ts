/** A part sent as an attachment: its file name, its Content-Type header as written, and its decoded text. */
export interface ParsedAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** Just enough MIME to read back what nodemailer wrote: headers, the decoded text and HTML parts, attachments. */
export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: ParsedAttachment[];
}

function bytesToUtf8(latin1: string): string {
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

function decodeQuotedPrintable(value: string): string {
  return bytesToUtf8(
    value
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );
}

/** RFC 2047 encoded words, e.g. =?UTF-8?Q?The_Rose_=26_Crown?=; the space between two of them goes. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, transferEncoding = ''): string {
  const encoding = transferEncoding.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

type Parts = Pick<ParsedMail, 'text' | 'html' | 'attachments'>;

function collectParts(raw: string, into: Parts): void {
  const { headers, body } = splitEntity(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (contentType.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  const disposition = headers.get('content-disposition') ?? '';
  if (disposition.toLowerCase().startsWith('attachment')) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
    into.attachments.push({ filename: decodeEncodedWords(filename), contentType, content: decoded });
    return;
  }
  if (contentType.toLowerCase().startsWith('text/html')) into.html += decoded;
  else if (contentType.toLowerCase().startsWith('text/plain')) into.text += decoded;
}

export function parseMail(raw: string): ParsedMail {
  const { headers } = splitEntity(raw);
  const parts: Parts = { text: '', html: '', attachments: [] };
  collectParts(raw, parts);
  return { headers, subject: decodeEncodedWords(headers.get('subject') ?? ''), ...parts };
}
