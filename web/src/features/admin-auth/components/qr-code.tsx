import { useEffect, useState } from 'react';

/**
 * The otpauth:// URI as a QR code. The QR library is loaded only when this renders (inside the
 * admin chunk, on the enrolment step), as an SVG image: nothing is injected into the page.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="mx-auto grid h-48 w-48 place-items-center rounded-xl bg-white p-2 shadow-inner">
      {src ? (
        <img src={src} alt={label} width={176} height={176} className="h-44 w-44" />
      ) : (
        <span className="text-xs text-slate-500">Drawing the QR code…</span>
      )}
    </div>
  );
}
