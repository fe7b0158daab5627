import { useState } from 'react';
import { imeiDigits, imeiProblem, NEIR_NUMBER, neirSmsLink, neirSmsText } from '#shared/trust';
import { buttonClasses } from '#client/components/Button';
import { FormField, Input } from '#client/components/FormField';
import { Msg } from '#client/i18n';

/**
 * "Check on NEIR": BTRC's register answers an SMS `KYD <IMEI>` to 16002 with whether the phone is
 * valid. On a phone the link opens the SMS app with the text ready; on a computer the text shows to
 * send from a phone. The seller checks the IMEI typed on the form; the buyer types the one *#06#
 * shows on the phone at the meeting.
 */
export function NeirCheck({ imei, who }: { imei?: string; who: 'seller' | 'buyer' }) {
  const [typed, setTyped] = useState('');
  const digits = imeiDigits(who === 'buyer' ? typed : (imei ?? ''));
  const ready = digits.length > 0 && imeiProblem(digits) === undefined;
  return (
    <section className="flex flex-col gap-3 rounded-card border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <h3 className="font-semibold">
        <Msg id={who === 'buyer' ? 'catalog.neir.buyerTitle' : 'catalog.neir.sellerTitle'} />
      </h3>
      <p>
        <Msg id={who === 'buyer' ? 'catalog.neir.buyerLead' : 'catalog.neir.sellerLead'} />
      </p>
      {who === 'buyer' && (
        <FormField label={<Msg id="catalog.neir.imeiLabel" />}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            className="max-w-xs"
          />
        </FormField>
      )}
      {ready ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <a href={neirSmsLink(digits)} className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
            <Msg id="catalog.neir.send" values={{ number: NEIR_NUMBER }} />
          </a>
          <p>
            <Msg
              id="catalog.neir.computer"
              values={{
                text: neirSmsText(digits),
                number: NEIR_NUMBER,
                code: (chunks) => <code className="rounded bg-white px-1.5 py-0.5 font-mono">{chunks}</code>,
                strong: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </p>
        </div>
      ) : (
        <p className="text-sky-900">
          <Msg id={who === 'buyer' ? 'catalog.neir.buyerNotReady' : 'catalog.neir.sellerNotReady'} />
        </p>
      )}
    </section>
  );
}
