import type { ChatTemplateDefinition } from './chat-template.js';

const CONTRACT_PARAMETERS = ['customer name', 'contract number', 'car', 'amount and currency'] as const;
const CONTRACT_EXAMPLES = ['Ahmed Said', '2031', 'Hyundai Sonata 2021', '18500 USD'] as const;

/** The contract itself, to the number the caller gives (docs/api.md, "Contracts, billing entries, inspections"): with the signing link, or without. */
export const CONTRACT_TEMPLATES: readonly ChatTemplateDefinition[] = [
  {
    key: 'contract_ready_link',
    category: 'UTILITY',
    parameters: [...CONTRACT_PARAMETERS, 'signing link'],
    examples: [...CONTRACT_EXAMPLES, 'https://sign.example.com/c/2031'],
    body: {
      en: 'Dear {{1}}, your purchase contract #{{2}} for the {{3}} ({{4}}) is ready. Review and sign it here: {{5}} This link is personal; please do not share it.',
      ar: 'عزيزي {{1}}، عقد الشراء رقم #{{2}} لسيارة {{3}} ({{4}}) جاهز. راجعه ووقّعه من هنا: {{5}} هذا الرابط خاص بك، يرجى عدم مشاركته.',
    },
  },
  {
    key: 'contract_ready',
    category: 'UTILITY',
    parameters: CONTRACT_PARAMETERS,
    examples: CONTRACT_EXAMPLES,
    body: {
      en: 'Dear {{1}}, your purchase contract #{{2}} for the {{3}} ({{4}}) is ready. Our team will share it with you for signing.',
      ar: 'عزيزي {{1}}، عقد الشراء رقم #{{2}} لسيارة {{3}} ({{4}}) جاهز. سيشاركه فريقنا معك للتوقيع.',
    },
  },
];

export const contractTemplateKey = (withLink: boolean): string => (withLink ? 'contract_ready_link' : 'contract_ready');

/** The template a contract goes out as: with the signing link, or without. */
export const contractTemplate = (withLink: boolean): ChatTemplateDefinition =>
  CONTRACT_TEMPLATES.find((template) => template.key === contractTemplateKey(withLink))!;
