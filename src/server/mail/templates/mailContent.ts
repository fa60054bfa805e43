// One description of a mail's content, rendered twice: as plain text and as escaped HTML, so the
// two parts of a message can never say different things.
import { escapeHtml } from './escapeHtml';

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A value the reader copies (a verification code): shown large in HTML. */
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; label: string }
  /** Text someone else wrote (a reviewer's reason, a support message): kept apart and verbatim. */
  | { kind: 'quote'; text: string };

export interface MailContent {
  subject: string;
  blocks: MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

function blockAsText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'code':
      return block.text;
    case 'link':
      return `${block.label}:\n${block.href}`;
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
  }
}

function multiline(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>');
}

function blockAsHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${multiline(block.text)}</p>`;
    case 'code':
      return `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(block.text)}</p>`;
    case 'link':
      return (
        `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#666;word-break:break-all">${escapeHtml(block.href)}</p>`
      );
    case 'quote':
      return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #ccc">${multiline(block.text)}</blockquote>`;
  }
}

export function renderContent(content: MailContent, lang: 'zh-CN' | 'en-US'): RenderedMail {
  const text = content.blocks.map(blockAsText).join('\n\n') + '\n';
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>` +
    `<body style="font-family:Arial,'PingFang SC','Microsoft YaHei',sans-serif;font-size:14px;color:#222">` +
    content.blocks.map(blockAsHtml).join('') +
    `</body></html>`;
  return { subject: content.subject, text, html };
}
