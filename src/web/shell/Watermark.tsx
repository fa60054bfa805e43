// Puts the watermark on the page while `text` is set; the layer itself lives in watermarkLayer.ts.
import { useEffect } from 'react';
import { mountWatermark } from './watermarkLayer';

export function Watermark({ text }: { text: string }) {
  useEffect(() => (text ? mountWatermark(text) : undefined), [text]);
  return null;
}
