import * as Type from '@sinclair/typebox';
import { PROVIDERS } from '../../domain/car.js';

/** A tenant: a car-export business with its own staff, customers, orders and catalogue prices. */
export const TenantRecord = Type.Object({
  id: Type.String(),
  name: Type.String(),
  subdomain: Type.String(),
  /** Multiplier applied to catalogue prices, as a decimal string (e.g. "1.08" = 8% markup). */
  markup: Type.String(),
  /** Auction providers whose cars this tenant's storefront shows. */
  visibleProviders: Type.Array(Type.Union(PROVIDERS.map((provider) => Type.Literal(provider)))),
  /** When true the storefront shows only published cars. */
  publishedOnly: Type.Boolean(),
  /** Money control: whoever recorded a billing entry cannot also confirm it (off unless set). */
  requireSecondApprover: Type.Optional(Type.Boolean()),
  /** The language of chat messages to customers who did not choose one (English unless set). */
  defaultLanguage: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ar')])),
  /** Where the business is (ISO 3166-1 alpha-2, e.g. QA); gives the time zone when none is set. */
  country: Type.Optional(Type.String()),
  /** IANA zone of the tenant's "today" (dates staff enter, deadlines); instants stay UTC. */
  timeZone: Type.Optional(Type.String()),
  createdAt: Type.String(),
});
