import * as Type from '@sinclair/typebox';
import { DateTime, IdParams } from './common.js';
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
  params: Type.Object({
    token: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "the link's token (32 characters)",
      examples: ['Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2'],
    }),
  }),
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
