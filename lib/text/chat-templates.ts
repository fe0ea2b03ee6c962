/**
 * The WhatsApp message templates the service sends, as data: ready to submit to Meta (name,
 * category, language, body with {{n}} placeholders, example values) and used to render the exact
 * text a recipient reads. WhatsApp delivers a business-initiated message only as an approved
 * template, so every notification and every contract goes out as one of these.
 *
 * A template's name in WhatsApp Business Manager is the stage's prefix plus its key
 * (WHATSAPP_TEMPLATE_PREFIX); the key is what the code refers to.
 */
import type { ChatLanguage, ChatTemplateDefinition } from './chat-template.js';
import { CONTRACT_TEMPLATES } from './contract-templates.js';

const CUSTOMER_PARAMETERS = ['customer name', 'order number', 'car'] as const;
const CUSTOMER_EXAMPLES = ['Ahmed Said', '1042', 'Hyundai Sonata 2021'] as const;
const STAFF_PARAMETERS = ['order number', 'car'] as const;
const STAFF_EXAMPLES = ['1042', 'Hyundai Sonata 2021'] as const;

/** One sentence per event and path, in each language; the frame around it is shared. */
type Phrase = Record<ChatLanguage, string>;

const CUSTOMER_PHRASES: Record<string, Phrase> = {
  order_created: { en: 'we have received your order', ar: 'استلمنا طلبك' },
  order_created_wallet: {
    en: 'we have received your order, paid from your wallet',
    ar: 'استلمنا طلبك، وتم الدفع من محفظتك',
  },
  deposit_confirmed: { en: 'your deposit is confirmed', ar: 'تم تأكيد العربون' },
  inspection_scheduled: { en: 'the inspection is scheduled', ar: 'تم تحديد موعد الفحص' },
  inspection_completed: { en: 'the inspection is completed', ar: 'اكتمل فحص السيارة' },
  // Not sent today (the customer receives the contract itself), kept so every event has its words.
  contract_sent: { en: 'your contract was sent', ar: 'تم إرسال عقدك' },
  contract_signed: { en: 'your contract is signed', ar: 'تم توقيع عقدك' },
  payment_confirmed: { en: 'your payment is confirmed', ar: 'تم تأكيد الدفع' },
  order_purchased: { en: 'your car has been purchased', ar: 'تم شراء سيارتك' },
  order_shipped: { en: 'your car has been shipped', ar: 'تم شحن سيارتك' },
  order_delivered: { en: 'your car has been delivered', ar: 'تم تسليم سيارتك' },
  order_cancelled: { en: 'your order was cancelled', ar: 'تم إلغاء طلبك' },
  shipment_booked: { en: 'your car is booked on a ship', ar: 'تم حجز شحن سيارتك' },
  shipment_arrived: { en: 'your car has arrived at the port of destination', ar: 'وصلت سيارتك إلى ميناء الوصول' },
};

const STAFF_PHRASES: Record<string, Phrase> = {
  order_created: { en: 'new order placed; deposit to confirm', ar: 'طلب جديد؛ بانتظار تأكيد العربون' },
  order_created_no_deposit: { en: 'new order placed; no deposit received yet', ar: 'طلب جديد؛ لم يُستلم العربون بعد' },
  order_created_wallet: {
    en: 'new order paid from the wallet; inspection scheduled',
    ar: 'طلب جديد مدفوع من المحفظة؛ تم تحديد موعد الفحص',
  },
  deposit_confirmed: { en: 'deposit confirmed; inspection to schedule', ar: 'تم تأكيد العربون؛ يرجى تحديد موعد الفحص' },
  inspection_scheduled: { en: 'inspection scheduled', ar: 'تم تحديد موعد الفحص' },
  inspection_completed: { en: 'inspection completed; contract next', ar: 'اكتمل الفحص؛ الخطوة التالية العقد' },
  contract_sent: { en: 'contract sent to the customer', ar: 'تم إرسال العقد إلى العميل' },
  contract_signed: { en: 'contract signed; payment next', ar: 'تم توقيع العقد؛ الخطوة التالية الدفع' },
  contract_signed_wallet: {
    en: 'contract signed; the order is paid, purchase the car',
    ar: 'تم توقيع العقد؛ الطلب مدفوع، يرجى شراء السيارة',
  },
  payment_confirmed: { en: 'payment confirmed; purchase the car', ar: 'تم تأكيد الدفع؛ يرجى شراء السيارة' },
  order_purchased: { en: 'car purchased; shipping next', ar: 'تم شراء السيارة؛ الخطوة التالية الشحن' },
  order_shipped: { en: 'car shipped', ar: 'تم شحن السيارة' },
  order_delivered: { en: 'order delivered', ar: 'تم تسليم الطلب' },
  order_cancelled: { en: 'order cancelled', ar: 'تم إلغاء الطلب' },
  shipment_booked: { en: 'shipment booked', ar: 'تم حجز الشحن' },
  shipment_arrived: {
    en: 'car arrived at the port of destination; delivery next',
    ar: 'وصلت السيارة إلى ميناء الوصول؛ الخطوة التالية التسليم',
  },
};

/** How the customer's messages end: the opt-out reply the webhook honours. */
const OPT_OUT: Phrase = { en: 'Reply STOP to stop these messages.', ar: 'أرسل "إيقاف" لإيقاف هذه الرسائل.' };

/**
 * The sentence that carries the buyer's tracking link (/track/{token}), placeholder {{n}}, just
 * before the opt-out. The link is a body parameter, which Meta allows to hold a URL, rather than
 * a URL button: a button's URL may vary only in a suffix after a fixed address approved with the
 * template, and the address differs per stage (and per custom domain). No full stop follows the
 * link, so nothing is taken for part of it.
 */
const FOLLOW_ORDER = (n: number): Phrase => ({ en: `Follow your order: {{${n}}}`, ar: `تابع طلبك: {{${n}}}` });
const TRACKING_LINK_PARAMETER = 'tracking link';
const TRACKING_LINK_EXAMPLE = 'https://api.example.com/track/Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2';
const WITH_TRACKING_LINK = '_link';

/**
 * A customer message that marks the order's progress, in the shared frame (greeting, order number
 * and car, what happened, how to stop the messages), and its `_link` variant: the same message
 * with the buyer's tracking link as one more parameter. The variant without the link stays for
 * orders from before the links and for stages that do not say where the API answers.
 */
function customerTemplates(
  key: string,
  phrase: Phrase,
  parameters: readonly string[] = CUSTOMER_PARAMETERS,
  examples: readonly string[] = CUSTOMER_EXAMPLES,
): [ChatTemplateDefinition, ChatTemplateDefinition] {
  const opening: Phrase = {
    en: `Hello {{1}}, order #{{2}} ({{3}}): ${phrase.en}.`,
    ar: `مرحباً {{1}}، الطلب #{{2}} ({{3}}): ${phrase.ar}.`,
  };
  const follow = FOLLOW_ORDER(parameters.length + 1);
  return [
    {
      key,
      category: 'UTILITY',
      parameters,
      examples,
      body: { en: `${opening.en} ${OPT_OUT.en}`, ar: `${opening.ar} ${OPT_OUT.ar}` },
    },
    {
      key: `${key}${WITH_TRACKING_LINK}`,
      category: 'UTILITY',
      parameters: [...parameters, TRACKING_LINK_PARAMETER],
      examples: [...examples, TRACKING_LINK_EXAMPLE],
      body: { en: `${opening.en} ${follow.en} ${OPT_OUT.en}`, ar: `${opening.ar} ${follow.ar} ${OPT_OUT.ar}` },
    },
  ];
}

/** The customer's progress messages, each with its `_link` variant; departure carries the expected arrival, one placeholder more. */
const CUSTOMER_TEMPLATES = Object.entries(CUSTOMER_PHRASES).map(([key, phrase]) =>
  customerTemplates(`${key}_customer`, phrase),
);
const [DEPARTURE_CUSTOMER, DEPARTURE_CUSTOMER_LINK] = customerTemplates(
  'shipment_departed_customer',
  { en: 'your car has left Korea; expected arrival {{4}}', ar: 'غادرت سيارتك كوريا؛ الوصول المتوقع {{4}}' },
  [...CUSTOMER_PARAMETERS, 'expected arrival'],
  [...CUSTOMER_EXAMPLES, '2026-12-24'],
);

const DEPARTURE_TEMPLATES: ChatTemplateDefinition[] = [
  DEPARTURE_CUSTOMER,
  {
    key: 'shipment_departed_staff',
    category: 'UTILITY',
    parameters: [...STAFF_PARAMETERS, 'expected arrival'],
    examples: [...STAFF_EXAMPLES, '2026-12-24'],
    body: {
      en: 'Order #{{1}} ({{2}}): car departed; expected at the port of destination on {{3}}, delivery to prepare.',
      ar: 'الطلب #{{1}} ({{2}}): غادرت السيارة؛ يُتوقع وصولها إلى ميناء الوصول في {{3}}، يرجى تجهيز التسليم.',
    },
  },
];

const staffTemplate = (key: string, phrase: Phrase): ChatTemplateDefinition => ({
  key: `${key}_staff`,
  category: 'UTILITY',
  parameters: STAFF_PARAMETERS,
  examples: STAFF_EXAMPLES,
  body: {
    en: `Order #{{1}} ({{2}}): ${phrase.en}.`,
    ar: `الطلب #{{1}} ({{2}}): ${phrase.ar}.`,
  },
});

/**
 * Operational alerts to a tenant's admins and operations staff: an export step falling due, an
 * order's car gone from its auction or repriced before it was bought, a webhook endpoint the
 * service disabled.
 */
const OPERATIONS_TEMPLATES: ChatTemplateDefinition[] = [
  {
    key: 'order_car_sold',
    category: 'UTILITY',
    parameters: STAFF_PARAMETERS,
    examples: STAFF_EXAMPLES,
    body: {
      en: 'Order #{{1}} ({{2}}): the car was sold at auction before we bought it. Tell the customer and agree what happens to the order.',
      ar: 'الطلب #{{1}} ({{2}}): بيعت السيارة في المزاد قبل أن نشتريها. أبلغوا العميل واتفقوا على مصير الطلب.',
    },
  },
  {
    key: 'order_car_withdrawn',
    category: 'UTILITY',
    parameters: STAFF_PARAMETERS,
    examples: STAFF_EXAMPLES,
    body: {
      en: 'Order #{{1}} ({{2}}): the car was withdrawn from its auction before we bought it. Tell the customer and agree what happens to the order.',
      ar: 'الطلب #{{1}} ({{2}}): سُحبت السيارة من المزاد قبل أن نشتريها. أبلغوا العميل واتفقوا على مصير الطلب.',
    },
  },
  {
    key: 'order_car_repriced',
    category: 'UTILITY',
    parameters: [...STAFF_PARAMETERS, 'price before', 'price now'],
    examples: [...STAFF_EXAMPLES, '15,900,000 KRW', '16,500,000 KRW'],
    body: {
      en: "Order #{{1}} ({{2}}): the car's auction price changed from {{3}} to {{4}}. Check the order's amount before buying.",
      ar: 'الطلب #{{1}} ({{2}}): تغيّر سعر السيارة في المزاد من {{3}} إلى {{4}}. راجعوا مبلغ الطلب قبل الشراء.',
    },
  },
  {
    key: 'export_deadline_soon',
    category: 'UTILITY',
    parameters: ['order number', 'car', 'what is due', 'due date'],
    examples: ['1042', 'Hyundai Sonata 2021', 'loading (export declaration)', '2026-12-20'],
    body: {
      en: 'Order #{{1}} ({{2}}): {{3}} is due on {{4}}; please record it in time.',
      ar: 'الطلب #{{1}} ({{2}}): موعد {{3}} هو {{4}}؛ يرجى تسجيله في الوقت المحدد.',
    },
  },
  {
    key: 'webhook_endpoint_disabled',
    category: 'UTILITY',
    parameters: ['endpoint URL', 'failing since', 'endpoint id'],
    examples: ['https://erp.example.com/hooks/orders', '2026-11-18 09:30 UTC', 'k3x9w2ab7c1d5e8f0g4h6j2m'],
    body: {
      en: 'Your webhook endpoint {{1}} has failed every delivery since {{2}} and has been disabled. Fix the receiver, then enable endpoint {{3}} again; waiting events go out in order.',
      ar: 'نقطة استقبال الإشعارات {{1}} فشلت في كل عمليات التسليم منذ {{2}} وتم إيقافها. أصلحوا المستقبِل ثم أعيدوا تفعيل النقطة {{3}}؛ ستُرسل الأحداث المنتظرة بالترتيب.',
    },
  },
];

export const CHAT_TEMPLATES: readonly ChatTemplateDefinition[] = [
  ...CUSTOMER_TEMPLATES.map(([plain]) => plain),
  ...Object.entries(STAFF_PHRASES).map(([key, phrase]) => staffTemplate(key, phrase)),
  ...DEPARTURE_TEMPLATES,
  ...CUSTOMER_TEMPLATES.map(([, link]) => link),
  DEPARTURE_CUSTOMER_LINK,
  ...CONTRACT_TEMPLATES,
  ...OPERATIONS_TEMPLATES,
];

const BY_KEY = new Map(CHAT_TEMPLATES.map((template) => [template.key, template]));

export const chatTemplate = (key: string): ChatTemplateDefinition | undefined => BY_KEY.get(key);

/** Events whose words differ for an order paid from the wallet (no deposit or payment steps). */
const WALLET_VARIANTS: Record<'customer' | 'staff', ReadonlySet<string>> = {
  customer: new Set(['order.created']),
  staff: new Set(['order.created', 'contract.signed']),
};

/** Events whose staff words differ for an order placed without a deposit receipt (nothing to confirm yet). */
const NO_DEPOSIT_VARIANTS: ReadonlySet<string> = new Set(['order.created']);

/**
 * The template that tells `audience` of an order event (e.g. "order.created"), in the words of the
 * order's path: paid from the wallet, or (staff only) placed without a deposit receipt; for the
 * customer, with the tracking link (one parameter more, the last) when `withTrackingLink`. Staff
 * messages never carry the link.
 */
export function notificationTemplateKey(
  event: string,
  audience: 'customer' | 'staff',
  paidFromWallet: boolean,
  withTrackingLink = false,
  withoutDeposit = false,
): string {
  const base = event.replace('.', '_');
  const wallet = paidFromWallet && WALLET_VARIANTS[audience].has(event) ? '_wallet' : '';
  const noDeposit =
    !paidFromWallet && withoutDeposit && audience === 'staff' && NO_DEPOSIT_VARIANTS.has(event) ? '_no_deposit' : '';
  const link = audience === 'customer' && withTrackingLink ? WITH_TRACKING_LINK : '';
  return `${base}${wallet}${noDeposit}_${audience}${link}`;
}
