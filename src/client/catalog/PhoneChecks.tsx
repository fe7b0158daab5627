import type { ReactNode } from 'react';
import type { Product } from '#shared/products';
import {
  ACCOUNT_SIGNED_OUT,
  CHECK_ANSWER_LABELS,
  CHECKLIST_ITEMS,
  CHECKLIST_LABELS,
  GRADE_LABELS,
  GRADE_RUBRIC,
  maskedImei,
  ORIGIN_LABELS,
} from '#shared/trust';
import { Badge } from '#client/components/Badge';
import { NeirCheck } from './NeirCheck';

const dateOf = (iso: string) => iso.split('T')[0];

/**
 * What the listing says about the phone itself (docs/trust.md): the graded condition, the functional
 * checklist, the IMEI's last 4 digits to compare with *#06#, where it comes from, the device history,
 * and the NEIR check a buyer makes at the meeting.
 */
export function PhoneChecks({ product }: { product: Product }) {
  const trust = product.trust;
  const rows: Array<[string, ReactNode]> = [
    ['IMEI', trust.imeiLast4 ? `${maskedImei(trust.imeiLast4)} (compare with *#06# at the meeting)` : 'IMEI not given'],
    ['Origin', trust.origin ? ORIGIN_LABELS[trust.origin] : 'Not given'],
    [
      'Condition grade',
      trust.conditionGrade
        ? `${GRADE_LABELS[trust.conditionGrade]}: ${GRADE_RUBRIC[trust.conditionGrade]}`
        : 'Not graded',
    ],
    ['Battery health', trust.batteryHealth !== null ? `${trust.batteryHealth}%` : 'Not given'],
    [ACCOUNT_SIGNED_OUT, trust.accountSignedOut ? 'Yes, the seller confirmed it' : 'Not confirmed'],
    ['NEIR', trust.neirChecked ? 'The seller checked it: valid' : 'Not checked by the seller'],
  ];
  return (
    <section className="mt-8 flex flex-col gap-4 rounded-card border border-ink-200 bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-ink-900">Phone checks</h2>
        {trust.photoVerified && <Badge tone="info">Photo verified</Badge>}
      </div>
      {trust.soldBefore && (
        <p className="rounded-control bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          Sold on PhoneHaat before, on {dateOf(trust.soldBefore)}
        </p>
      )}
      {trust.conditionGrade === 'for_parts' && (
        <p className="rounded-control bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          For parts: this phone is not sold as a working phone.
        </p>
      )}
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-ink-500">{label}</dt>
            <dd className="text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      {trust.checklist && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink-900">Checklist</h3>
          <ul className="grid gap-1 text-sm sm:grid-cols-2">
            {CHECKLIST_ITEMS.map((item) => (
              <li key={item} className="flex justify-between gap-3 border-b border-ink-100 py-1">
                <span className="text-ink-700">{CHECKLIST_LABELS[item]}</span>
                <span className="font-medium text-ink-900">{CHECK_ANSWER_LABELS[trust.checklist![item]]}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!product.sellStatus && <NeirCheck who="buyer" />}
    </section>
  );
}
