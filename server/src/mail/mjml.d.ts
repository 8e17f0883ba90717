// mjml 5 ships no type declarations; the part we use.
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlResult {
    html: string;
    errors: MjmlError[];
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    keepComments?: boolean;
    fonts?: Record<string, string>;
  }
  export default function mjml2html(input: string, options?: MjmlOptions): Promise<MjmlResult>;
}
