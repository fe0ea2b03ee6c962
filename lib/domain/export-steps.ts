import type { FieldError } from './errors.js';
import type { OrderStatus } from './order-lifecycle.js';
import { localDay } from './time-zone.js';

/**
 * A Korean used-car export between Purchased and Delivered, as data and pure rules:
 * deregistration for export (수출말소) with its certificate, entry into a bonded area, the export
 * declaration (the car must then be loaded within 30 days), and the export-completion report,
 * due within 12 months of deregistration.
 */
export const EXPORT_STEPS = ['deregistration', 'bonded-area', 'export-declaration', 'completion-report'] as const;
export type ExportStep = (typeof EXPORT_STEPS)[number];

export const LOAD_BY_DAYS = 30;
export const COMPLETION_REPORT_MONTHS = 12;

export interface RecordedStep {
  /** The day it happened (deregistered, entered, accepted, filed): YYYY-MM-DD. */
  date: string;
  documentUrl?: string;
  recordedAt: string;
  recordedBy: string;
}

export interface ExportSteps {
  deregistration?: RecordedStep;
  bondedArea?: RecordedStep & { location?: string };
  exportDeclaration?: RecordedStep & { number: string; loadBy: string };
  completionReport?: RecordedStep;
  /** Due 12 months after deregistration; shown from deregistration on. */
  completionReportDueBy?: string;
}

export interface StepInput {
  date: string;
  documentUrl?: string;
  number?: string;
  location?: string;
}

const FIELD_OF: Record<ExportStep, keyof ExportSteps> = {
  deregistration: 'deregistration',
  'bonded-area': 'bondedArea',
  'export-declaration': 'exportDeclaration',
  'completion-report': 'completionReport',
};

/** The step that must be recorded first, and the statuses in which a step may be recorded. */
const BEFORE: Partial<Record<ExportStep, ExportStep>> = {
  'bonded-area': 'deregistration',
  'export-declaration': 'bonded-area',
  'completion-report': 'export-declaration',
};
const WHEN: Record<ExportStep, readonly OrderStatus[]> = {
  deregistration: ['Purchased'],
  'bonded-area': ['Purchased'],
  'export-declaration': ['Purchased'],
  // The report follows the export itself: the car must have left.
  'completion-report': ['Shipped', 'Delivered'],
};

export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The same day `months` later, or the month's last day when it has fewer days (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/**
 * The steps that may be recorded on the order now (again, for one already recorded: a correction):
 * those of its status whose step before is recorded. What a screen offers; planExportStep decides.
 */
export function recordableExportSteps(status: OrderStatus, current: ExportSteps | undefined): ExportStep[] {
  const steps: ExportSteps = { ...current };
  return EXPORT_STEPS.filter((step) => {
    const before = BEFORE[step];
    return WHEN[step].includes(status) && (!before || steps[FIELD_OF[before]] !== undefined);
  });
}

/**
 * The day a car was bought, which an export step's date may not precede: the tenant's calendar day
 * of the move to Purchased, or its UTC day when that is earlier, so a client that counts days in
 * UTC is never refused the day it bought (in the Gulf, the evening in UTC is the next morning).
 */
export function purchaseDay(purchasedAt: string, timeZone: string): string {
  const local = localDay(purchasedAt, timeZone);
  const utc = purchasedAt.slice(0, 10);
  return local < utc ? local : utc;
}

export type StepPlan = { ok: true; steps: ExportSteps } | { ok: false; state?: string; problems: FieldError[] };

/**
 * Records one step on the order's export steps, or says why not: the order's status, the step
 * before it, a date in the future, before the step it follows or before the car was bought, a
 * missing document or number. Recording a step again corrects it (its deadlines follow). `today`
 * and `purchasedOn` are the tenant's calendar days; `purchasedOn` is the day the order moved to
 * Purchased (undefined for an order whose history does not say).
 */
export function planExportStep(
  status: OrderStatus,
  current: ExportSteps | undefined,
  step: ExportStep,
  input: StepInput,
  by: string,
  now: string,
  today = now.slice(0, 10),
  purchasedOn?: string,
): StepPlan {
  const steps: ExportSteps = { ...current };
  if (!WHEN[step].includes(status)) {
    return {
      ok: false,
      state: `The ${step} step is recorded while the order is ${WHEN[step].join(' or ')}; it is ${status}`,
      problems: [],
    };
  }
  const before = BEFORE[step];
  if (before && !steps[FIELD_OF[before]]) return { ok: false, state: `Record the ${before} step first`, problems: [] };
  const problems: FieldError[] = [];
  if (input.date > today)
    problems.push({
      field: 'date',
      message: `must not be in the future: today is ${today} in the tenant's time zone, e.g. ${today}`,
    });
  const previousDate = before ? (steps[FIELD_OF[before]] as RecordedStep | undefined)?.date : undefined;
  if (purchasedOn && input.date < purchasedOn) {
    problems.push({
      field: 'date',
      message: `must not be before the purchase (${purchasedOn}): a car is exported after it is bought, e.g. ${purchasedOn < today ? today : purchasedOn}`,
    });
  } else if (previousDate && input.date < previousDate) {
    problems.push({
      field: 'date',
      message: `must not be before the ${before} step (${previousDate}): the steps follow one another, e.g. ${previousDate < today ? today : previousDate}`,
    });
  }
  if (step === 'deregistration' && !input.documentUrl)
    problems.push({
      field: 'documentUrl',
      message: 'is required: the deregistration certificate, e.g. "https://files.example.com/dereg-1042.pdf"',
    });
  if (step === 'export-declaration' && !input.number)
    problems.push({ field: 'number', message: 'is required: the export declaration number, e.g. "12345-26-0001234X"' });
  if (input.number !== undefined && step !== 'export-declaration') {
    problems.push({
      field: 'number',
      message: `must be left out of the ${step} step: a number goes with the export-declaration step, e.g. {"date": "${input.date}", "number": "12345-26-0001234X"} on export-steps/export-declaration`,
    });
  }
  if (input.location !== undefined && step !== 'bonded-area') {
    problems.push({
      field: 'location',
      message: `must be left out of the ${step} step: a location goes with the bonded-area step, e.g. {"date": "${input.date}", "location": "Incheon Port bonded area"} on export-steps/bonded-area`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };

  const recorded: RecordedStep = {
    date: input.date,
    ...(input.documentUrl ? { documentUrl: input.documentUrl } : {}),
    recordedAt: now,
    recordedBy: by,
  };
  switch (step) {
    case 'deregistration':
      steps.deregistration = recorded;
      steps.completionReportDueBy = addMonths(input.date, COMPLETION_REPORT_MONTHS);
      break;
    case 'bonded-area':
      steps.bondedArea = { ...recorded, ...(input.location ? { location: input.location } : {}) };
      break;
    case 'export-declaration':
      steps.exportDeclaration = { ...recorded, number: input.number!, loadBy: addDays(input.date, LOAD_BY_DAYS) };
      break;
    case 'completion-report':
      steps.completionReport = recorded;
      break;
  }
  return { ok: true, steps };
}

export type DeadlineKind = 'load-by' | 'completion-report';
export interface Deadline {
  kind: DeadlineKind;
  due: string;
}

/**
 * The deadlines still open: loading within 30 days of the declaration until the car is loaded
 * (its bill of lading recorded), and the completion report until it is filed.
 */
export function openDeadlines(steps: ExportSteps | undefined, loaded: boolean): Deadline[] {
  const open: Deadline[] = [];
  if (steps?.exportDeclaration && !loaded) open.push({ kind: 'load-by', due: steps.exportDeclaration.loadBy });
  if (steps?.completionReportDueBy && !steps.completionReport)
    open.push({ kind: 'completion-report', due: steps.completionReportDueBy });
  return open;
}

/** Operations hear of an open deadline this many days before it. */
export const REMIND_DAYS_BEFORE = 5;
