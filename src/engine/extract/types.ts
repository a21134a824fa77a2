export type DocumentFormat = 'text' | 'markdown' | 'html' | 'csv' | 'tsv' | 'xlsx' | 'docx' | 'pdf' | 'pptx' | 'odt' | 'rtf' | 'vtt' | 'srt';

export interface ExtractBudget {
  timeoutMs: number;
  maxOutputChars: number;
  maxUncompressedBytes: number;
  maxCompressionRatio: number;
}

export const DEFAULT_BUDGET: ExtractBudget = {
  timeoutMs: 30_000,
  maxOutputChars: 20_000_000,
  maxUncompressedBytes: 500 * 1024 * 1024,
  maxCompressionRatio: 200,
};

export class ExtractionError extends Error {
  constructor(
    readonly reason: 'unsupported' | 'corrupt' | 'bomb' | 'timeout' | 'too_large',
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ExtractionError';
  }
}
