import { renderAndStoreDocument } from '../../lib/use-cases/orders/render-document.js';

// Invoked by the API function generateOrderDocument (Lambda Invoke), never over HTTP.
export const handler = async (event: unknown) => renderAndStoreDocument(event);
