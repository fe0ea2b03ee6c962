import * as Type from '@sinclair/typebox';
import { DateTime, IdParams } from './common.js';
import { ConsigneeFields } from './consignee-shapes.js';
import { defineRoute } from './route.js';

/** A buyer's tracking link as staff see it (the order detail, and a replacement's answer). */
export const TrackingLinkShape = Type.Object(
  {
    url: Type.String({
      description:
        "the buyer's page: anyone with this address sees the order as its buyer does, so send it to the buyer only",
      examples: ['https://api.example.com/track/Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2'],
    }),
    issuedAt: DateTime,
    endsAt: Type.Union([DateTime, Type.Null()], {
      description:
        'when the link stops working: 90 days after the order was delivered or cancelled (null while it is open)',
    }),
  },
  { title: 'TrackingLink' },
);

export const replaceTrackingLink = defineRoute({
  id: 'replaceTrackingLink',
  folder: 'orders',
  method: 'POST',
  path: '/api/v1/orders/{id}/tracking-link',
  tag: 'Orders',
  summary: "Issue a new tracking link for the order's buyer; the old one stops working at once",
  description:
    "Every order gets a link when it is created (GET /orders/{id} shows it as `trackingLink`, and the customer's WhatsApp messages carry it). " +
    'Issue a new one when the link reached someone it should not have: the old link answers 404 from now on, like any unknown link. ' +
    'A link ends 90 days after the order is delivered or cancelled; a new link of a closed order ends at the same time.',
  status: 201,
  roles: ['operations', 'marketer', 'integrator'],
  errors: ['NOT_FOUND'],
  params: IdParams,
  bodyOptional: true,
  body: Type.Object({}, { additionalProperties: false }),
  response: TrackingLinkShape,
});

const TokenParams = Type.Object({
  token: Type.String({
    minLength: 1,
    maxLength: 200,
    description: "the link's token (32 characters)",
    examples: ['Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2'],
  }),
});

export const getTrackingPage = defineRoute({
  id: 'getTrackingPage',
  folder: 'tracking',
  method: 'GET',
  path: '/track/{token}',
  tag: 'Buyer',
  summary:
    "The buyer's page of an order (HTML, no key): its car, milestones, voyage, inspection, payments, papers and whom to ask",
  description:
    "Opened from the link in the buyer's WhatsApp messages. In the customer's language (`?lang=en` or `?lang=ar` switches). An unknown, replaced or expired link answers the same 404 page; " +
    'too many requests from one address answer 429 with Retry-After.',
  status: 200,
  raw: true,
  public: true,
  cors: false,
  params: TokenParams,
  query: Type.Object({
    lang: Type.Optional(
      Type.Union([Type.Literal('en'), Type.Literal('ar')], {
        description: "the page's language; the customer's own when not given (any other value is ignored)",
      }),
    ),
  }),
  pageAnswers: {
    404: 'The same page for every link that does not work: unknown, replaced by a newer one, or past its end (90 days after the order closed)',
    429: 'Too many requests from this client address (Retry-After says when to try again)',
    503: 'The order cannot be read right now (Retry-After)',
  },
});

export const giveTrackingConsignee = defineRoute({
  id: 'giveTrackingConsignee',
  folder: 'tracking',
  method: 'POST',
  path: '/track/{token}/consignee',
  tag: 'Buyer',
  summary: "The buyer's consignee form on their page (HTML form, no key): who the car is consigned to",
  description:
    "Posted by the form on the buyer's page, with the hidden `form` field the page put in it (bound to this link, valid 12 hours). " +
    'Stores the consignee (`givenBy: buyer`, audited, `order.updated` to integrators) and answers 303 back to the page, which shows it. ' +
    "A value it cannot take answers the page again (400) with the problem next to the field, in the page's language; a missing, altered or expired `form` field answers the page again (403) and stores nothing. " +
    'Once the bill of lading is recorded the buyer can no longer change it (409, the page says to ask the marketer); staff can (PATCH /api/v1/orders/{id}/consignee).',
  status: 303,
  raw: true,
  public: true,
  cors: false,
  formBody: true,
  params: TokenParams,
  body: Type.Object(
    {
      ...ConsigneeFields,
      form: Type.String({
        minLength: 1,
        maxLength: 100,
        description: "the page's hidden field: the form's expiry and its HMAC, bound to this link",
        examples: ['1795460203.q3V9m0xWcHk2n8Lr5T1bZy7aJ4eF6gD0sU2iO9pK3wM'],
      }),
      lang: Type.Optional(
        Type.Union([Type.Literal('en'), Type.Literal('ar')], { description: 'the language the page answers in' }),
      ),
    },
    {
      examples: [
        {
          name: 'Al Noor Trading LLC',
          address: 'Office 12, Al Quoz Industrial Area 3',
          city: 'Dubai',
          country: 'United Arab Emirates',
          phone: '+971501234567',
          idNumber: '784-1987-1234567-1',
          form: '1795460203.q3V9m0xWcHk2n8Lr5T1bZy7aJ4eF6gD0sU2iO9pK3wM',
          lang: 'en',
        },
      ],
    },
  ),
  pageAnswers: {
    400: 'The page again, each value it cannot take marked next to its field; nothing stored',
    403: "The page again, the form's hidden field missing, altered or expired; nothing stored",
    404: 'The same page as for every link that does not work; nothing stored',
    409: 'The page again: the bill of lading is recorded, so the details are final for the buyer; nothing stored',
    429: 'Too many requests from this client address (Retry-After says when to try again)',
    503: 'The order cannot be read or changed right now (Retry-After)',
  },
});
