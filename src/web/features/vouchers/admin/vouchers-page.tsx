import { useCallback, useRef, useState } from 'react';
import type { Resolver } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { formatMoney } from '#shared/money/money.ts';
import { type StaffVoucher, voucherCodeField } from '#shared/vouchers/api.ts';
import { voucherRedeemPath } from '#shared/vouchers/links.ts';
import { VOUCHER_MESSAGES } from '#shared/vouchers/messages.ts';
import { formatCode, normaliseCode } from '#shared/vouchers/rules.ts';
import { VOUCHER_STATUS_LABELS } from '#shared/vouchers/status.ts';
import {
  LoadGate,
  type Outcome,
  OutcomeNotice,
  useLoaded,
  useOutcome,
  whenReady,
} from '#web/components/load-state.tsx';
import { useAdminTitle } from '#web/features/staff/admin-layout.tsx';
import { useCanUse } from '#web/features/staff/admin-session.tsx';
import { FormTextField } from '#web/forms/fields.tsx';
import { ruleResolver } from '#web/forms/rule-resolver.ts';
import { FormError, SiteForm, SubmitButton } from '#web/forms/site-form.tsx';
import { useSiteForm } from '#web/forms/use-site-form.ts';
import { VoucherActions } from './voucher-actions.tsx';
import * as voucherApi from './voucher-admin-api.ts';
import { notRedeemable, VOUCHER_ADMIN_WORDS as WORDS } from './voucher-admin-words.ts';
import { VoucherDetails } from './voucher-details.tsx';
import { VoucherIssueForm } from './voucher-issue-form.tsx';
import { RedeemForm } from './voucher-redeem.tsx';

/** The code as the route's schema takes it, once spaces and dashes are gone. */
const checkCode: Resolver<{ code: string }> = ruleResolver((values) => {
  const checked = voucherCodeField.safeParse(normaliseCode(values.code));
  return checked.success ? null : { field: 'code', message: checked.error.issues[0]?.message ?? '' };
});

/** The big code field: typed, or filled from the address the voucher's QR code opens. */
function CodeForm({ code, onFind }: { code: string; onFind: (code: string) => void }) {
  const find = useSiteForm<{ code: string }>({
    defaultValues: { code: code ? formatCode(code) : '' },
    validate: checkCode,
    send: async (values) => onFind(normaliseCode(values.code)),
    failure: WORDS.findFailure,
  });
  return (
    <SiteForm form={find} role="search" aria-label={WORDS.codeLabel} className="card space-y-3 p-4 sm:p-6">
      <FormTextField
        name="code"
        label={WORDS.codeLabel}
        hint={WORDS.codeHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputClassName="font-mono text-2xl tracking-wide uppercase"
      />
      <FormError />
      <SubmitButton className="btn-dark min-h-14 w-full text-lg sm:w-auto sm:px-10" busyLabel={WORDS.finding}>
        {WORDS.find}
      </SubmitButton>
    </SiteForm>
  );
}

/** One voucher found by its code: what it holds, Redeem while it can be, and what else staff may do. */
function VoucherView({ code, outcome, attempt, working, setOutcome }: VoucherViewProps) {
  const fetchVoucher = useCallback(async () => ({ voucher: await voucherApi.findVoucher(code) }), [code]);
  const { load, setLoad } = useLoaded(fetchVoucher, WORDS.findFailure);
  const heading = useRef<HTMLHeadingElement>(null);
  /** A change made: the voucher as the server left it, read again from its code (the dialog's button is gone). */
  const show = (voucher: StaffVoucher, text: string) => {
    setLoad(whenReady(() => ({ voucher })));
    setOutcome({ tone: 'success', text });
    requestAnimationFrame(() => heading.current?.focus());
  };
  return (
    <LoadGate load={load} loadingText={WORDS.finding}>
      {({ voucher }) => {
        const refusal = notRedeemable(voucher);
        return (
          <>
            <div aria-live="polite" className="empty:hidden">
              <OutcomeNotice outcome={outcome} />
            </div>
            <VoucherDetails voucher={voucher} headingRef={heading} />
            {refusal ? (
              <p className="card border-l-4 border-burgundy-700 p-4 text-lg font-semibold text-burgundy-800">
                {refusal}
              </p>
            ) : (
              <RedeemForm
                key={`${voucher.balancePence}-${voucher.ledger.length}`}
                voucher={voucher}
                onRedeemed={(redeemed, amountPence) =>
                  show(redeemed, VOUCHER_MESSAGES.redeemed(amountPence, redeemed.balancePence))
                }
              />
            )}
            <VoucherActions
              voucher={voucher}
              resending={working === 'resend'}
              onResend={() =>
                void attempt(
                  async () => {
                    const sent = await voucherApi.resendVoucher(voucher.code);
                    setLoad(whenReady(() => ({ voucher: sent })));
                    return WORDS.resent(sent);
                  },
                  WORDS.resendFailure,
                  'resend',
                )
              }
              onChanged={show}
            />
          </>
        );
      }}
    </LoadGate>
  );
}

type VoucherViewProps = { code: string; outcome: Outcome } & Pick<
  ReturnType<typeof useOutcome>,
  'attempt' | 'working' | 'setOutcome'
>;

/** A voucher of the newest, as a row to tap. */
function VoucherRow({ voucher }: { voucher: StaffVoucher }) {
  const state =
    voucher.status === 'ACTIVE' && voucher.expired ? 'Expired' : VOUCHER_STATUS_LABELS[voucher.status];
  return (
    <li>
      <Link
        to={voucherRedeemPath(voucher.code)}
        className="flex min-h-14 flex-wrap items-baseline justify-between gap-x-3 rounded-lg px-3 py-2 no-underline hover:bg-cream-100"
      >
        <span className="min-w-0 break-words">
          <strong className="text-green-900">{voucher.recipientName}</strong>{' '}
          <span className="font-mono text-sm text-ink-soft">{formatCode(voucher.code)}</span>
        </span>
        <span className="text-sm">
          <strong className="tabular-nums">{formatMoney(voucher.balancePence)}</strong> of{' '}
          {formatMoney(voucher.amountPence)} · {state}
        </span>
      </Link>
    </li>
  );
}

/** Without a code: the newest vouchers to tap, and a manager's "New complimentary voucher". */
function NewestVouchers({
  outcome,
  onIssued,
}: {
  outcome: Outcome;
  onIssued: (voucher: StaffVoucher) => void;
}) {
  const can = useCanUse();
  const [issuing, setIssuing] = useState(false);
  const fetchList = useCallback(async () => voucherApi.newestVouchers(), []);
  const { load } = useLoaded(fetchList, WORDS.listFailure);
  return (
    <>
      <div aria-live="polite" className="empty:hidden">
        <OutcomeNotice outcome={outcome} />
      </div>
      {can('POST /api/admin/vouchers') ? (
        issuing ? (
          <VoucherIssueForm onIssued={onIssued} onClose={() => setIssuing(false)} />
        ) : (
          <button type="button" className="btn-outline min-h-12 w-full" onClick={() => setIssuing(true)}>
            {WORDS.newComplimentary}
          </button>
        )
      ) : null}
      <section aria-labelledby="vouchers-newest" className="card p-4 sm:p-6">
        <h2 id="vouchers-newest" className="mb-2 font-serif text-2xl">
          {WORDS.newest}
        </h2>
        <LoadGate load={load} loadingText={WORDS.listLoading}>
          {({ vouchers }) =>
            vouchers.length === 0 ? (
              <p>{WORDS.noVouchers}</p>
            ) : (
              <ul aria-labelledby="vouchers-newest" className="divide-y divide-cream-200">
                {vouchers.map((voucher) => (
                  <VoucherRow key={voucher.id} voucher={voucher} />
                ))}
              </ul>
            )
          }
        </LoadGate>
      </section>
    </>
  );
}

/**
 * Gift vouchers at the bar (issue 33), phone-first: find a voucher by its code (typed, or opened by its QR code at
 * /admin/vouchers?code=…), read its balance, redeem all or part with a note, and see its ledger; managers and the
 * owner void, refund and give complimentary ones. Without a code, the newest vouchers.
 */
export function VouchersPage() {
  useAdminTitle(WORDS.title);
  const [params, setParams] = useSearchParams();
  const code = normaliseCode(params.get('code') ?? '');
  const { outcome, setOutcome, attempt, working } = useOutcome();
  return (
    <div className="mx-auto max-w-xl space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 tabIndex={-1} className="font-serif text-3xl sm:text-4xl">
          {WORDS.title}
        </h1>
        {code ? (
          <Link to="/admin/vouchers" className="link min-h-11 py-2" onClick={() => setOutcome(null)}>
            {WORDS.allVouchers}
          </Link>
        ) : null}
      </div>
      <CodeForm
        key={`find-${code}`}
        code={code}
        onFind={(found) => {
          setOutcome(null);
          setParams({ code: found });
        }}
      />
      {code ? (
        <VoucherView
          key={code}
          code={code}
          outcome={outcome}
          attempt={attempt}
          working={working}
          setOutcome={setOutcome}
        />
      ) : (
        <NewestVouchers
          outcome={outcome}
          onIssued={(voucher) => {
            setParams({ code: voucher.code });
            setOutcome({ tone: 'success', text: WORDS.issued(voucher) });
          }}
        />
      )}
    </div>
  );
}
