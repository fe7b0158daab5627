import type { Product } from '#shared/products';
import { CHECKLIST_ITEMS, maskedImei } from '#shared/trust';
import { MessageBadge } from '#client/components/Badge';
import { FactList, type Fact } from '#client/components/FactList';
import { PartsNotice } from '#client/trust/PartsNotice';
import { NeirCheck } from './NeirCheck';
import { Msg, useFormat, useLocale, useT } from '#client/i18n';

/**
 * What the listing says about the phone itself (docs/trust.md): the graded condition, the functional
 * checklist, the IMEI's last 4 digits to compare with *#06#, where it comes from, the device history,
 * and the NEIR check a buyer makes at the meeting.
 */
export function PhoneChecks({ product }: { product: Product }) {
  const t = useT();
  const format = useFormat();
  const { locale } = useLocale();
  const trust = product.trust;
  // English keeps the date as the page has always printed it.
  const dateOf = (iso: string) => (locale === 'en' ? iso.split('T')[0] : format.date(iso));
  const grade = trust.conditionGrade;
  const rows: Fact[] = [
    [
      t('catalog.checks.imei'),
      trust.imeiLast4
        ? t('catalog.checks.imeiValue', { imei: maskedImei(trust.imeiLast4) })
        : t('catalog.checks.imeiMissing'),
    ],
    [t('catalog.checks.origin'), trust.origin ? t(`catalog.origin.${trust.origin}`) : t('catalog.checks.notGiven')],
    [
      t('catalog.checks.grade'),
      grade
        ? t('catalog.checks.gradeValue', { grade: t(`shared.grade.${grade}`), rubric: t(`catalog.rubric.${grade}`) })
        : t('catalog.checks.notGraded'),
    ],
    [
      t('catalog.checks.battery'),
      trust.batteryHealth !== null
        ? t('catalog.checks.batteryValue', { percent: trust.batteryHealth })
        : t('catalog.checks.notGiven'),
    ],
    [t('catalog.checks.account'), t(trust.accountSignedOut ? 'catalog.checks.accountYes' : 'catalog.checks.accountNo')],
    [t('catalog.checks.neir'), t(trust.neirChecked ? 'catalog.checks.neirYes' : 'catalog.checks.neirNo')],
  ];
  return (
    <section className="mt-8 flex flex-col gap-4 rounded-card border border-ink-200 bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-ink-900">
          <Msg id="catalog.checks.title" />
        </h2>
        {trust.photoVerified && <MessageBadge tone="info" message="catalog.checks.photoVerified" />}
      </div>
      {trust.soldBefore && (
        <p className="rounded-control bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">
          <Msg id="catalog.checks.soldBefore" values={{ date: dateOf(trust.soldBefore) }} />
        </p>
      )}
      {trust.conditionGrade === 'for_parts' && <PartsNotice message="catalog.checks.forParts" />}
      <FactList
        facts={rows}
        className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_minmax(0,1fr)]"
        termClassName="font-medium"
        valueClassName="text-ink-900"
      />
      {trust.checklist && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-ink-900">
            <Msg id="catalog.checks.checklist" />
          </h3>
          <ul className="grid gap-1 text-sm sm:grid-cols-2">
            {CHECKLIST_ITEMS.map((item) => (
              <li key={item} className="flex justify-between gap-3 border-b border-ink-100 py-1">
                <span className="text-ink-700">
                  <Msg id={`catalog.checklist.${item}`} />
                </span>
                <span className="font-medium text-ink-900">
                  <Msg id={`catalog.answer.${trust.checklist![item]}`} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {!product.sellStatus && <NeirCheck who="buyer" />}
    </section>
  );
}
