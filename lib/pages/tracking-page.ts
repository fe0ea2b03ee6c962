import { createHash } from 'node:crypto';
import { CONSIGNEE_LIMITS, type ConsigneeField, type ConsigneeProblem } from '../domain/consignee.js';
import { FORM_FIELD } from '../domain/tracking-form.js';
import { papersIn } from '../domain/tracking-papers.js';
import type { MilestoneView, TrackingPageView } from '../domain/tracking-view-shape.js';
import { portName } from '../text/ports.js';
import { colourName } from '../text/colours.js';
import { PAGE_LANGUAGES, type PageLanguage, TRACKING_WORDS, type TrackingWords } from '../text/tracking-page-words.js';

/**
 * The buyer's tracking page as HTML, rendered on the server: readable without JavaScript (it has
 * none), mobile first, right to left in Arabic. One inline style sheet, allowed by its hash in
 * the Content-Security-Policy, so the page loads nothing but its pictures.
 */

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",Tahoma,sans-serif;color:#1c2430;background:#f3f5f8}
header,main,footer{max-width:40rem;margin:0 auto;padding:0 1rem}
header{display:flex;justify-content:space-between;align-items:center;padding-block:.75rem}
header p{margin:0;font-weight:600}
nav a{color:#0b5cad;margin-inline-start:.75rem}
h1{font-size:1.4rem;margin:.5rem 0 .25rem}
h2{font-size:1.05rem;margin:0 0 .5rem}
section{background:#fff;border-radius:.75rem;padding:1rem;margin:0 0 .9rem;box-shadow:0 1px 2px #0001}
.badge{display:inline-block;font-size:.8rem;font-weight:600;padding:.1rem .6rem;border-radius:1rem;background:#e3eefc;color:#0b4a8a;vertical-align:middle}
.badge.delivered{background:#ddf4e4;color:#12633a}.badge.cancelled{background:#fde4e4;color:#8a1c1c}
section.next{border-inline-start:.35rem solid #0b5cad}
.photo{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:.5rem;background:#e8ecf1}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem;margin:0}
dt{color:#5b6776}dd{margin:0;font-weight:500;overflow-wrap:anywhere}
ol{list-style:none;margin:0;padding:0}
ol>li{position:relative;padding-inline-start:1.6rem;padding-block:.35rem}
ol>li:before{content:"";position:absolute;inset-inline-start:.3rem;top:.75rem;width:.65rem;height:.65rem;border-radius:50%;border:2px solid #a9b4c2;background:#fff}
ol>li.done:before{background:#1f8a4c;border-color:#1f8a4c}
ol>li.next:before{border-color:#0b5cad;background:#cfe2f8}
li.later{color:#7a8594}
li small{display:block;color:#5b6776}
li.next strong{color:#0b4a8a}
.money dl{grid-template-columns:1fr auto}
.money dd{text-align:end;font-variant-numeric:tabular-nums;white-space:nowrap}
.remaining{font-size:1.1rem}
ul{margin:0;padding-inline-start:1.2rem}
.thumbs{display:grid;grid-template-columns:repeat(auto-fill,minmax(6rem,1fr));gap:.4rem;margin-top:.6rem}
.thumbs img{width:100%;aspect-ratio:1;object-fit:cover;border-radius:.4rem;background:#e8ecf1}
.button{display:inline-block;background:#1f8a4c;color:#fff;text-decoration:none;font-weight:600;padding:.6rem 1rem;border-radius:.5rem}
a{color:#0b5cad}
footer{color:#5b6776;font-size:.85rem;padding-bottom:2rem}
.note{color:#5b6776;font-size:.85rem;margin:.5rem 0 0}
form label{display:block;margin:.7rem 0 .2rem;font-weight:500}
form input{width:100%;font:inherit;padding:.5rem;border:1px solid #a9b4c2;border-radius:.4rem;background:#fff}
form input[aria-invalid]{border-color:#a31919}
form button{margin-top:1rem;border:0;font:inherit;cursor:pointer}
.error{color:#a31919;font-size:.9rem;margin:.2rem 0 0}
summary{color:#0b5cad;cursor:pointer;margin-top:.6rem}
`.trim();

/** The page's style sheet, allowed by this hash and nothing else. */
export const TRACKING_STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

/**
 * The headers of every answer of the page (options of @middy/http-security-headers). Pictures come
 * from the service's bucket (presigned addresses) and from where staff put inspection photos: any
 * https address, and the local S3 emulator's origin on the local stack (`imageOrigins`).
 */
export function trackingPageSecurity(imageOrigins: readonly string[]): Record<string, unknown> {
  return {
    contentSecurityPolicy: {
      'default-src': "'none'",
      'style-src': TRACKING_STYLE_HASH,
      'img-src': ['https:', ...imageOrigins].join(' '),
      'script-src': false,
      'connect-src': false,
      'font-src': false,
      'manifest-src': false,
      'media-src': false,
      'object-src': "'none'",
      'worker-src': false,
      'base-uri': "'none'",
      // The buyer's forms post to the page's own address (the consignee form).
      'form-action': "'self'",
      'frame-ancestors': "'none'",
      sandbox: false,
      'navigate-to': false,
      'report-to': false,
      'require-trusted-types-for': false,
      'trusted-types': false,
      'upgrade-insecure-requests': false,
    },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
    // Nothing to report to: no empty Report-To or Reporting-Endpoints headers.
    reportTo: false,
    reportingEndpoints: false,
  };
}

/** The headers the page's answers carry beyond the security ones: nothing is kept or indexed. */
export const TRACKING_PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Cache-Control': 'private, no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
};

const escapeHtml = (value: string): string =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const localeOf = (language: PageLanguage): string => (language === 'ar' ? 'ar-u-nu-latn' : 'en-GB');

interface Formats {
  instant(iso: string): string;
  day(value: string): string;
  money(amount: number, currency: string): string;
  count(value: number): string;
}

function formatsFor(language: PageLanguage, timeZone: string): Formats {
  const locale = localeOf(language);
  const inZone = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short', year: 'numeric' });
  const asDay = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
  const counts = new Intl.NumberFormat(locale);
  return {
    instant: (iso) => (Number.isNaN(Date.parse(iso)) ? iso : inZone.format(new Date(iso))),
    // A day (YYYY-MM-DD, as the export steps and the voyage record them) is the same day everywhere.
    day: (value) => {
      const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
      if (!match) return value;
      return value.length === 10
        ? asDay.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))))
        : inZone.format(new Date(value));
    },
    money: (amount, currency) => {
      try {
        return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
      } catch {
        return `${counts.format(amount)} ${currency}`;
      }
    },
    count: (value) => counts.format(value),
  };
}

/**
 * A label and its value. `ltr`: a value read left to right whatever the page's direction (codes,
 * numbers, amounts), isolated so that an Arabic line neither reorders it nor moves it off its side.
 */
const row = (label: string, value: string | undefined, ltr = false): string =>
  value === undefined || value === ''
    ? ''
    : `<dt>${escapeHtml(label)}</dt><dd>${ltr ? `<bdi dir="ltr">${escapeHtml(value)}</bdi>` : escapeHtml(value)}</dd>`;

function carSection(view: TrackingPageView, w: TrackingWords, f: Formats, language: PageLanguage): string {
  const { car } = view;
  const name = [car.make, car.model].filter(Boolean).join(' ');
  const photo = car.photoUrl
    ? `<img class="photo" src="${escapeHtml(car.photoUrl)}" alt="${escapeHtml(name)}" width="640" height="480">`
    : `<p class="note">${escapeHtml(w.car.noPhoto)}</p>`;
  return `<section aria-labelledby="car"><h2 id="car">${escapeHtml(w.car.heading)}</h2>${photo}
<p><strong>${escapeHtml(name)}</strong></p><dl>${row(w.car.year, car.year === undefined ? undefined : String(car.year))}${row(
    w.car.mileage,
    car.mileageKm === undefined ? undefined : `${f.count(car.mileageKm)} ${w.car.km}`,
  )}${row(w.car.colour, car.colour === undefined ? undefined : colourName(car.colour, language))}${row(w.car.vinEnding, car.vinEnding ? `…${car.vinEnding}` : undefined, true)}</dl></section>`;
}

const dateOf = (milestone: MilestoneView, f: Formats): string | undefined => {
  const value = milestone.date ?? milestone.expected;
  return value === undefined ? undefined : f.day(value);
};

function milestoneSection(view: TrackingPageView, w: TrackingWords, f: Formats): string {
  const items = view.milestones
    .map((m) => {
      const date = dateOf(m, f);
      const when =
        date === undefined ? '' : `<small>${escapeHtml(m.state === 'done' ? date : `${w.expected}: ${date}`)}</small>`;
      const label =
        m.state === 'next' ? `<strong>${escapeHtml(w.milestone[m.key])}</strong>` : escapeHtml(w.milestone[m.key]);
      return `<li class="${m.state}">${label}${when}</li>`;
    })
    .join('');
  return `<section aria-labelledby="steps"><h2 id="steps">${escapeHtml(w.milestonesHeading)}</h2><ol>${items}</ol></section>`;
}

/** What became of the money of a cancelled order: back in the wallet, or the seller will be in touch (nothing is promised here). */
function cancelledMoney(view: TrackingPageView, w: TrackingWords, f: Formats): string {
  const m = view.money;
  if (m.refundedToWalletAt) return w.cancelled.walletRefunded(f.instant(m.refundedToWalletAt));
  if (m.paidFromWallet) return w.cancelled.walletPaid;
  const received =
    m.confirmed + m.awaitingConfirmation > 0 ||
    m.otherCurrencies.some((o) => o.totalConfirmed + o.awaitingConfirmation > 0);
  return received ? w.cancelled.moneyReceived : '';
}

function nextSection(view: TrackingPageView, w: TrackingWords, f: Formats): string {
  if (view.stage === 'cancelled') {
    const money = cancelledMoney(view, w, f);
    const notice = w.cancelled.notice(view.cancelledAt ? f.instant(view.cancelledAt) : undefined);
    return `<section class="next"><p><strong>${escapeHtml(notice)}</strong></p>${money ? `<p>${escapeHtml(money)}</p>` : ''}</section>`;
  }
  const next = view.milestones.find((m) => m.state === 'next');
  if (!next) return '';
  const date = next.expected
    ? ` <span class="note">(${escapeHtml(w.expected)}: ${escapeHtml(f.day(next.expected))})</span>`
    : '';
  return `<section class="next"><p>${escapeHtml(w.nextStep)}: <strong>${escapeHtml(w.milestone[next.key])}</strong>${date}</p></section>`;
}

function voyageSection(view: TrackingPageView, w: TrackingWords, f: Formats, language: PageLanguage): string {
  const v = view.voyage;
  if (!v) return '';
  const when = (actual: string | undefined, estimated: string | undefined) =>
    actual
      ? `${w.voyage.actual} ${f.day(actual)}`
      : estimated
        ? `${w.voyage.estimated} ${f.day(estimated)}`
        : undefined;
  return `<section aria-labelledby="voyage"><h2 id="voyage">${escapeHtml(w.voyage.heading)}</h2><dl>${row(w.voyage.carrier, `${v.carrier} · ${w.voyage.method[v.method] ?? v.method}`)}${row(
    w.voyage.vessel,
    v.vessel,
  )}${row(w.voyage.voyage, v.voyage, true)}${row(w.voyage.container, v.containerNumber, true)}${row(w.voyage.from, portName(v.portOfLoading, language))}${row(
    w.voyage.departure,
    when(v.atd, v.etd),
  )}${row(w.voyage.to, portName(v.portOfDischarge, language))}${row(w.voyage.arrival, when(v.ata, v.eta))}${row(w.voyage.billOfLading, v.billOfLadingNumber, true)}</dl></section>`;
}

function inspectionSection(view: TrackingPageView, w: TrackingWords, f: Formats): string {
  const i = view.inspection;
  if (!i) return '';
  const state =
    i.state === 'completed'
      ? w.inspection.completed
      : i.state === 'in-progress'
        ? w.inspection.inProgress
        : w.inspection.scheduled;
  const photos = i.photos.length
    ? `<p class="note">${escapeHtml(w.inspection.photos)} (${f.count(i.photos.length)})</p><div class="thumbs">${i.photos
        .map(
          (p) =>
            `<a href="${escapeHtml(p.url)}" rel="noreferrer" target="_blank"><img src="${escapeHtml(p.thumbnailUrl)}" alt="${escapeHtml(p.caption ?? w.inspection.photos)}" loading="lazy" width="150" height="150"></a>`,
        )
        .join('')}</div>`
    : '';
  // The day it was done once completed, else the day it is planned for, said to be planned.
  const label = i.state === 'completed' ? w.inspection.doneOn : w.inspection.plannedFor;
  return `<section aria-labelledby="inspection"><h2 id="inspection">${escapeHtml(w.inspection.heading)} <span class="badge">${escapeHtml(state)}</span></h2><dl>${row(
    label,
    i.date ? f.day(i.date) : undefined,
  )}</dl>${photos}</section>`;
}

function moneySection(view: TrackingPageView, w: TrackingWords, f: Formats): string {
  const m = view.money;
  const amount = (value: number) => f.money(value, m.currency);
  // A cancelled order asks for nothing: no "still to pay" (nor "paid in full").
  const remaining =
    view.stage === 'cancelled'
      ? ''
      : `<dt class="remaining">${escapeHtml(w.money.remaining)}</dt><dd class="remaining">${
          m.remaining > 0 ? `<bdi dir="ltr">${escapeHtml(amount(m.remaining))}</bdi>` : escapeHtml(w.money.paidInFull)
        }</dd>`;
  const rows = m.paidFromWallet
    ? [
        row(w.money.total, amount(m.total), true),
        row(w.money.paidFromWallet, amount(m.confirmed), true),
        m.refundedToWalletAt ? row(w.money.returnedToWallet, amount(m.confirmed), true) : '',
      ]
    : [
        row(w.money.total, amount(m.total), true),
        row(w.money.confirmed, amount(m.confirmed), true),
        m.awaitingConfirmation > 0 ? row(w.money.awaiting, amount(m.awaitingConfirmation), true) : '',
        remaining,
      ];
  const others = m.otherCurrencies.flatMap((other) => [
    other.totalConfirmed > 0 ? row(w.money.otherConfirmed, f.money(other.totalConfirmed, other.currency), true) : '',
    other.awaitingConfirmation > 0
      ? row(w.money.otherAwaiting, f.money(other.awaitingConfirmation, other.currency), true)
      : '',
  ]);
  const note = others.some(Boolean) ? `<p class="note">${escapeHtml(w.money.otherNote)}</p>` : '';
  return `<section class="money" aria-labelledby="money"><h2 id="money">${escapeHtml(w.money.heading)}</h2><dl>${[...rows, ...others].join('')}</dl>${note}</section>`;
}

function papersSection(view: TrackingPageView, w: TrackingWords, f: Formats, language: PageLanguage): string {
  const items = papersIn(view.papers, language)
    .map((p) => {
      const label = `${w.papers.kind[p.kind]}${p.number === undefined ? '' : ` #${p.number}`}`;
      // Only in the other language: say so before the buyer opens it.
      const other = p.language && p.language !== language ? ` ${w.papers.inLanguage[p.language]}` : '';
      const date = p.date ? ` <span class="note">${escapeHtml(f.instant(p.date))}</span>` : '';
      return `<li><a href="${escapeHtml(p.url)}" rel="noreferrer" target="_blank">${escapeHtml(label)}</a>${escapeHtml(other)}${date}</li>`;
    })
    .join('');
  // A cancelled order's papers will not come: no promise of them.
  if (!items && view.stage === 'cancelled') return '';
  const body = items
    ? `<ul>${items}</ul><p class="note">${escapeHtml(w.papers.linkNote)}</p>`
    : `<p class="note">${escapeHtml(w.papers.none)}</p>`;
  return `<section aria-labelledby="papers"><h2 id="papers">${escapeHtml(w.papers.heading)}</h2>${body}${courierPart(view, w, f)}</section>`;
}

/** How the original papers travel: the courier, its number and its own tracking page, or a telex release. */
function courierPart(view: TrackingPageView, w: TrackingWords, f: Formats): string {
  const c = view.courier;
  if (!c) return '';
  const heading = `<h3>${escapeHtml(w.courier.heading)}</h3>`;
  if ('telexRelease' in c) return `${heading}<p>${escapeHtml(w.courier.telex)}</p>`;
  const follow = c.url
    ? `<p><a href="${escapeHtml(c.url)}" rel="noreferrer" target="_blank">${escapeHtml(w.courier.follow(c.carrier))}</a></p>`
    : '';
  return `${heading}<p>${escapeHtml(w.courier.sent(c.carrier === 'other' ? undefined : c.carrier, f.day(c.sentAt)))}</p><dl>${row(w.courier.trackingNumber, c.trackingNumber, true)}</dl>${follow}`;
}

const FORM_FIELDS: ReadonlyArray<{ field: ConsigneeField; optional?: boolean; type?: string; autocomplete: string }> = [
  { field: 'name', autocomplete: 'name' },
  { field: 'address', autocomplete: 'street-address' },
  { field: 'city', autocomplete: 'address-level2' },
  { field: 'country', autocomplete: 'country-name' },
  { field: 'phone', type: 'tel', autocomplete: 'tel' },
  { field: 'email', type: 'email', optional: true, autocomplete: 'email' },
  { field: 'idNumber', autocomplete: 'off' },
  { field: 'notifyParty', optional: true, autocomplete: 'off' },
];

function problemWords(problem: ConsigneeProblem, field: ConsigneeField, w: TrackingWords): string {
  if (problem === 'tooLong') return w.consignee.problem.tooLong(CONSIGNEE_LIMITS[field]);
  return w.consignee.problem[problem];
}

/** The consignee form: a plain HTML form (no script), each problem next to its field. */
function consigneeForm(form: ConsigneeFormState, w: TrackingWords, language: PageLanguage): string {
  const fields = FORM_FIELDS.map(({ field, optional, type, autocomplete }) => {
    const problem = form.problems?.[field];
    const error = problem ? `<p class="error" id="e-${field}">${escapeHtml(problemWords(problem, field, w))}</p>` : '';
    const value = form.values?.[field] ?? '';
    const label = `${w.consignee.field[field]}${optional ? ` ${w.consignee.optional}` : ''}`;
    return `<label for="c-${field}">${escapeHtml(label)}</label><input id="c-${field}" name="${field}" type="${type ?? 'text'}" maxlength="${CONSIGNEE_LIMITS[field]}" autocomplete="${autocomplete}"${optional ? '' : ' required'}${value ? ` value="${escapeHtml(value)}"` : ''}${problem ? ` aria-invalid="true" aria-describedby="e-${field}"` : ''}${type === 'tel' || type === 'email' ? ' dir="ltr"' : ''}>${error}`;
  }).join('');
  return `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="${FORM_FIELD}" value="${escapeHtml(form.proof)}"><input type="hidden" name="lang" value="${language}">${fields}<button class="button" type="submit">${escapeHtml(w.consignee.send)}</button></form>`;
}

function consigneeSection(
  view: TrackingPageView,
  w: TrackingWords,
  f: Formats,
  language: PageLanguage,
  form: ConsigneeFormState | undefined,
): string {
  const c = view.consignee;
  if (view.consigneeForm === 'none' && !c) return '';
  const details = c
    ? `<dl>${row(w.consignee.field.name, c.name)}${row(w.consignee.field.address, c.address)}${row(w.consignee.field.city, c.city)}${row(
        w.consignee.field.country,
        c.country,
      )}${row(w.consignee.field.phone, c.phone, true)}${row(w.consignee.idEnding, `…${c.idEnding}`, true)}${row(
        w.consignee.field.notifyParty,
        c.notifyParty,
      )}</dl><p class="note">${escapeHtml(w.consignee.received(f.instant(c.at)))}</p>`
    : '';
  const notice =
    form?.notice === 'expired'
      ? `<p class="error">${escapeHtml(w.consignee.expired)}</p>`
      : form?.problems && Object.keys(form.problems).length > 0
        ? `<p class="error">${escapeHtml(w.consignee.fix)}</p>`
        : '';
  let action = '';
  if (view.consigneeForm === 'locked') action = `<p>${escapeHtml(w.consignee.locked)}</p>`;
  else if (view.consigneeForm === 'open' && form) {
    // Given already: the form is there to change it, folded away unless it came back with a problem.
    action =
      c && !notice
        ? `<details><summary>${escapeHtml(w.consignee.change)}</summary>${consigneeForm(form, w, language)}</details>`
        : `${notice}${consigneeForm(form, w, language)}`;
  }
  const intro = c ? '' : `<p>${escapeHtml(w.consignee.intro)}</p>`;
  return `<section aria-labelledby="consignee"><h2 id="consignee">${escapeHtml(w.consignee.heading)}</h2>${intro}${details}${action}</section>`;
}

/** The buyer's consignee form as this answer shows it: its hidden field, where it posts, and what came back. */
export interface ConsigneeFormState {
  /** The hidden field's value (lib/domain/tracking-form.ts). */
  proof: string;
  /** Where the form posts, relative to the address the page is answered at. */
  action: string;
  /** What the buyer typed, shown again when the form came back. */
  values?: Partial<Record<ConsigneeField, string>>;
  problems?: Partial<Record<ConsigneeField, ConsigneeProblem>>;
  /** The form came back because its hidden field was missing, altered or expired: nothing was saved. */
  notice?: 'expired';
}

function contactSection(view: TrackingPageView, w: TrackingWords): string {
  const c = view.contact;
  const body = !c
    ? `<p>${escapeHtml(w.contact.none)}</p>`
    : `<p>${escapeHtml(c.name)}</p>${c.whatsappUrl ? `<p><a class="button" href="${escapeHtml(c.whatsappUrl)}" rel="noreferrer">${escapeHtml(w.contact.whatsapp)}</a></p>` : ''}`;
  return `<section aria-labelledby="contact"><h2 id="contact">${escapeHtml(w.contact.heading)}</h2>${body}</section>`;
}

/** The other languages' links: the same page with ?lang=, each in its own language (`page`: the page's address, relative to this answer's). */
const languageSwitch = (language: PageLanguage, page: string): string =>
  PAGE_LANGUAGES.filter((other) => other !== language)
    .map(
      (other) =>
        `<a href="${escapeHtml(page)}?lang=${other}" hreflang="${other}" lang="${other}">${escapeHtml(TRACKING_WORDS[other].languageName)}</a>`,
    )
    .join('');

function frame(language: PageLanguage, title: string, brand: string, main: string, footer: string, page = ''): string {
  const w = TRACKING_WORDS[language];
  return `<!doctype html>
<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header><p>${escapeHtml(brand)}</p><nav aria-label="${escapeHtml(w.languageName)}">${languageSwitch(language, page)}</nav></header>
<main>
${main}
</main>
<footer><p>${escapeHtml(footer)}</p></footer>
</body>
</html>
`;
}

export interface PageSettings {
  language: PageLanguage;
  /** The tenant's time zone: instants are shown on its calendar. */
  timeZone: string;
  /** Who the buyer deals with (the tenant's name). */
  brand: string;
  /** The consignee form, when the page offers it. */
  form?: ConsigneeFormState;
  /** The page's own address relative to this answer's ('' when answered at /track/{token}; a posted form's answer is not). */
  page?: string;
}

export function renderTrackingPage(view: TrackingPageView, settings: PageSettings): string {
  const w = TRACKING_WORDS[settings.language];
  const f = formatsFor(settings.language, settings.timeZone);
  const main = [
    `<h1>${escapeHtml(w.title(view.orderNumber))} <span class="badge ${view.stage}">${escapeHtml(w.stage[view.stage])}</span></h1>`,
    `<p>${escapeHtml(view.stage === 'cancelled' ? w.cancelled.greeting(view.customerName) : w.greeting(view.customerName))}</p>`,
    nextSection(view, w, f),
    carSection(view, w, f, settings.language),
    milestoneSection(view, w, f),
    voyageSection(view, w, f, settings.language),
    inspectionSection(view, w, f),
    moneySection(view, w, f),
    papersSection(view, w, f, settings.language),
    consigneeSection(view, w, f, settings.language, settings.form),
    contactSection(view, w),
  ]
    .filter(Boolean)
    .join('\n');
  return frame(
    settings.language,
    `${w.title(view.orderNumber)} · ${settings.brand}`,
    settings.brand,
    main,
    w.footer,
    settings.page,
  );
}

/** The page every refusal answers with, whatever its reason (unknown, replaced or expired link), and the other refusals. */
export function renderRefusalPage(kind: 'notFound' | 'tooMany' | 'unavailable', language: PageLanguage): string {
  const words = TRACKING_WORDS[language][kind];
  return frame(
    language,
    words.title,
    '',
    `<section><h1>${escapeHtml(words.title)}</h1><p>${escapeHtml(words.body)}</p></section>`,
    '',
  );
}

export const isPageLanguage = (value: unknown): value is PageLanguage =>
  typeof value === 'string' && (PAGE_LANGUAGES as readonly string[]).includes(value);
