/**
 * The part of `qrcode` the browser uses. @types/qrcode also declares the Node API and pulls
 * Node's types into the web program, where `process` and `Buffer` must not exist.
 */
declare module 'qrcode' {
  export interface QRCodeToStringOptions {
    type?: 'svg' | 'terminal' | 'utf8';
    margin?: number;
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  }
  export function toString(text: string, options?: QRCodeToStringOptions): Promise<string>;
}
