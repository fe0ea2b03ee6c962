// Generated from client/openapi.json by scripts/build-client.ts: do not edit.
export interface paths {
    "/api/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List customers by name, or find them by the beginning of their name or by phone
         * @description A tenant key sees its tenant's customers; a marketer key only the customers they created or have an order for; a platform key the customers of no tenant, or of the tenant it names with tenantId. Sorted by name, ignoring case and accents (Latin accents, Arabic vowel signs). `q` is the beginning of a name (`lay` finds Layla Haddad, `محمد` finds مُحَمَّد), or a phone number with its country code, matched exactly on the E.164 form. Each page is one read of the list, whatever its size: pass meta.nextCursor as cursor (with the same q) for the next page.
         *
         *     **Who may call:** admin, operations, accountant, marketer.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Create a customer (with an empty wallet)
         * @description The customer belongs to the caller's tenant. mobileNumber must include the country code; it is stored in E.164 and must be unique within the tenant (409 DUPLICATE otherwise). Platform keys may pass tenantId to create the customer in a tenant. Send an Idempotency-Key header to make retries return the customer the first request created.
         *
         *     **Who may call:** admin, operations, accountant, marketer, integrator.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 409 IDEMPOTENCY_KEY_REUSED, 409 DUPLICATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Customer detail with wallet balance
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find customers by phone number (always exact)
         * @description API-key callers always get exact matching on the normalised E.164 number, whatever `exact` says, so customers cannot be enumerated. A tenant key sees only its tenant; a platform key sees every tenant.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["searchCustomers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallets/{id}/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The ledger of a wallet, newest first
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listWalletTransactions"];
        put?: never;
        /**
         * Move money in or out of a wallet (accountant, admin)
         * @description credit and refund add to the balance, debit takes from it, adjustment goes the way `direction` says. The currency must be the wallet's (422 WALLET_CURRENCY_MISMATCH; nothing is converted). A movement that would make the balance negative is refused with 422 WALLET_INSUFFICIENT_BALANCE and changes nothing. The amount may not have more decimals than the currency has. Send an Idempotency-Key header to make retries safe: the same key and body return the original response, the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED (keys are remembered for 24 hours per API key).
         *
         *     **Who may call:** admin, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 IDEMPOTENCY_KEY_REUSED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 422 WALLET_CURRENCY_MISMATCH, 422 WALLET_INSUFFICIENT_BALANCE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createWalletTransaction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A customer's wallet (balance and currency)
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getCustomerWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cars/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One car with its photos, options, damage history and VIN when known
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getCar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Filter, sort and page the car catalogue
         * @description Text filters are case-insensitive; fuelType, transmission, vehicleType, color, drivetrain, city, makeEn, modelEn, modelGroupEn, generationCode and gradeEn accept comma-separated alternatives. limit is at most 100. Sorting is stable (ties broken by id), so pages never repeat or skip a car. The tenant of the key (or customerSubdomain) decides which cars are visible and the markup; without currency only the raw price is returned and no markup applies. An import becomes visible within CATALOGUE_REFRESH_SECONDS (60 s); cars sold or withdrawn leave the list then. With updatedSince the answer lists what changed instead, removals included, to mirror the catalogue.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listCars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cars/trims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The trims of a make (and model) the trim filter accepts
         * @description Each trim has a label (the grade) and the raw grade texts it stands for; pass several values joined with ||| as ?trim= on the car list.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listTrims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalogue/feeds/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Apply a held full list: the provider really sold or withdrew that many cars (platform admin)
         * @description The file goes back to importing and is applied by the next run of the import (at once on the local stack, within 5 minutes in AWS). Only a held file can be confirmed (409 INVALID_STATE otherwise). Platform admins only (an admin key of no tenant): the catalogue is shared by every tenant.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["confirmFeedFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalogue/feeds/{id}/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Drop a held full list: the provider's catalogue stays as it was, and its later files go on (platform admin)
         * @description Only a held file can be discarded (409 INVALID_STATE otherwise). Platform admins only (an admin key of no tenant): the catalogue is shared by every tenant.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["discardFeedFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalogue/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per provider: last feed, last good feed, late or not, cars listed, files open or held (platform admin)
         * @description What an operator checks each morning: the snapshot the list serves, and per auction provider its feeds. Platform admins only (an admin key of no tenant): the catalogue is shared by every tenant.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getCatalogueStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalogue/feeds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One feed file's report: counts, refused lines by line number with the reason (platform admin)
         * @description Platform admins only (an admin key of no tenant): the catalogue is shared by every tenant.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getFeedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/catalogue/feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Feed files, newest first, with what each import did (platform admin)
         * @description Each file put under feeds/{provider}/{full|delta}/ in the bucket, imported once by its key and ETag. Platform admins only (an admin key of no tenant): the catalogue is shared by every tenant.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listFeedFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/customs-documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Attach customs documents (appended, stored as given; increments version)
         * @description Any JSON objects (e.g. {type, url, uploadedAt}). At most 50 documents per order and 4096 bytes each.
         *
         *     **Who may call:** admin, operations, accountant.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["addCustomsDocuments"];
        trace?: never;
    };
    "/api/v1/orders/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move an order to another status
         * @description Moving to InspectionScheduled takes inspectionDate from the body, else from the order, else from its inspection (POST /inspections with inspectionDate), so the date is given once. 403 when the role may not make this move; 422 INVALID_TRANSITION (details.missingRequirements) when the lifecycle or a requirement refuses it; 409 VERSION_CONFLICT (details.currentVersion) when version is stale. Cancelling a wallet-paid order refunds the wallet once, in the same transaction.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 422 INVALID_TRANSITION, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["changeOrderStatus"];
        trace?: never;
    };
    "/api/v1/orders/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How many orders are in each status, and in all
         * @description Counts over the caller's whole scope, not a page: a tenant key counts its tenant's orders, a marketer key only their own. Every status is named (0 when none). A tenant's counts are one count of the tenant's status list per status, whatever the number of orders; a marketer's read their orders' statuses. Platform keys count the orders of no tenant, or of the tenant named by tenantId.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["countOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List orders, newest first
         * @description A tenant key sees its tenant's orders; a marketer key only its own. Each page reads about one page of orders, whatever their number: pass meta.nextCursor as cursor (with the same filters) for the next page. page=N skips N-1 pages (reading them). total and totalPages come with the page that ends the list when reached by page number; otherwise counting would read every order. orderNumber opens one order by its number: a list of that order, or an empty list when there is none in your scope.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create an order
         * @description Status DepositSubmitted (version 1), or InspectionScheduled when useWalletBalance is true: then inspectionDate is required and the wallet is debited totalAmount (payment_deduction) in the same transaction, or nothing is written and 422 WALLET_INSUFFICIENT_BALANCE answers. With carId the car snapshot comes from the catalogue (merged under any carDetails given); a car that left its provider's list (sold or withdrawn) is refused with 409 CAR_UNAVAILABLE. The car is checked against the import rules of destinationCountry (else the customer's country): a car they refuse answers 409 IMPORT_RESTRICTED naming each rule, unless an admin sends importRuleOverride with a reason, which the order keeps. Receipt fields create a Pending receipt billing entry. A marketer key is always the order's marketer. Send an Idempotency-Key header to make retries return the original order.
         *
         *     **Who may call:** admin, operations, accountant, marketer, integrator.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 IDEMPOTENCY_KEY_REUSED, 409 CAR_UNAVAILABLE, 409 IMPORT_RESTRICTED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 422 WALLET_CURRENCY_MISMATCH, 422 WALLET_INSUFFICIENT_BALANCE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Order detail: the order with financial summary, contract, inspection, customs data and history
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Version:** the answer carries the order's version as an `ETag` header.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/customer-notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Switch chat notifications to the customer on or off (staff notifications always go)
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["setCustomerNotifications"];
        trace?: never;
    };
    "/api/v1/orders/{id}/customs-invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Store the customs invoice of an order (replaces the previous one; increments version)
         * @description **Who may call:** admin, operations, accountant.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["setCustomsInvoice"];
        trace?: never;
    };
    "/api/v1/orders/{id}/destination": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set where the order's car goes; the car is checked against that country's import rules
         * @description While the order is open. A car the destination refuses answers 409 IMPORT_RESTRICTED naming each rule, unless an admin sends importRuleOverride with a reason (kept on the order and audited; other roles get 403). A new destination without an override drops an earlier override. Send the version you read (body or If-Match).
         *
         *     **Who may call:** admin, operations, marketer.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 IMPORT_RESTRICTED, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 422 INVALID_TRANSITION, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["setOrderDestination"];
        trace?: never;
    };
    "/api/v1/orders/{id}/validate-transition": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a status change without performing it (never fails for an invalid transition)
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["validateOrderTransition"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/document-courier": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Record how the original papers travel to the buyer: a courier's parcel, or a telex release
         * @description Either `carrier`, `trackingNumber` and `sentAt` (the day the parcel left), or `telexRelease: true` when the carrier releases the car without original papers. Once the bill of lading is recorded (409 INVALID_STATE before). The buyer's page shows it under the papers, with a link to the courier's own tracking page (none for `other`). Recording it again replaces it. Audited, raises the order's version, and emits order.updated.
         *
         *     **Who may call:** admin, operations.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        put: operations["setDocumentCourier"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/consignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Record who the car is consigned to (the bill of lading, the commercial invoice and the proforma name them)
         * @description Replaces the consignee, the buyer's own or staff's, with `givenBy: staff`. The buyer gives it on their page (/track/{token}) until the bill of lading is recorded; staff may correct it after that too. The commercial invoice and the proforma name the consignee as the buyer unless the customs invoice names its own buyerName. Audited, raises the order's version, and emits order.updated. Send the version you read (body or If-Match).
         *
         *     **Who may call:** admin, operations, marketer, accountant.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["setOrderConsignee"];
        trace?: never;
    };
    "/api/v1/export-deadlines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open export deadlines before a day, soonest first: load-by and completion-report
         * @description Read from an index of open deadlines (one Query), not from the orders. A deadline closes when the car is loaded (bill of lading recorded) or the report filed. Operations are told by chat 5 days before each.
         *
         *     **Who may call:** admin, operations, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listExportDeadlines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/export-steps/{step}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Record an export step of a purchased order: deregistration, bonded-area entry, export declaration, completion report
         * @description In this order, each after the one before: `deregistration` (date, the certificate as documentUrl; the completion report falls due 12 months later), `bonded-area` (date, location), `export-declaration` (acceptance date, number; the car must be loaded within 30 days), all while the order is Purchased; then `completion-report` (filed date) once it is Shipped. Recording a step again corrects it. Each is kept in the order history and the audit trail, and raises the order version. A step out of turn answers 409 INVALID_STATE.
         *
         *     **Who may call:** admin, operations.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        put: operations["recordExportStep"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/shipment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Record or update the order's shipment: booking, vessel or container, ports, ETD/ETA, ATD/ATA, bill of lading
         * @description Fields given are set, the rest kept. A new shipment needs method, bookingNumber, carrier, portOfLoading and portOfDischarge; containerNumber and sealNumber only for a container. atd needs the bill of lading (number and file); ata needs atd. The customer is told on WhatsApp at booking, at departure (with the ETA) and at arrival. Moving to Shipped needs the bill of lading and the customs invoice; Delivered needs ata. Only while the order is Purchased or Shipped.
         *
         *     **Who may call:** admin, operations.
         *
         *     **Version:** the answer carries the order's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["updateShipment"];
        trace?: never;
    };
    "/api/v1/orders/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's generated documents, every version, newest first, each with a fresh 15-minute download URL
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listOrderDocuments"];
        put?: never;
        /**
         * Generate a PDF of the order: the commercial (customs) invoice, a proforma invoice, or the sales contract, in English or Arabic
         * @description Every document carries the seller's letterhead from the tenant's legal profile (GET/PUT /tenant-profile); one the profile cannot fill answers 409 INVALID_STATE naming each missing field (`profile.bank.iban`, `profile.stamp`, ...). The commercial invoice needs the order's stored customs invoice, is written in its `language` unless `language` is given, and answers 409 naming what customs needs that nobody recorded (`car.vin`, `customsInvoice.countryOfOrigin`, `customsInvoice.portOfDischarge`, ...). Invoices take a number from the tenant's gapless series (CI-00001, PI-00001) the first time, kept by every regeneration. The contract document is of `contractId`, or the order's latest contract, from its own fields. Arabic is shaped and right to left. A new generation is a new version; older versions stay downloadable. The answer carries a download URL valid 15 minutes.
         *
         *     **Who may call:** admin, operations, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["generateOrderDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's failed chat messages across its orders, newest first (operations, admin)
         * @description Every message about the tenant's orders whose status is failed: refused by the chat channel, or reported failed by WhatsApp and delivered to none of the person's devices. A message delivered after all leaves the list at once. Each is shown as on GET /orders/{id}/notifications, with its orderId and orderNumber. Each page is one read of the list, whatever the tenant's history: pass meta.nextCursor as cursor for the next page. Platform keys read the messages of no tenant's orders, or of the tenant named by tenantId.
         *
         *     **Who may call:** admin, operations.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's chat messages, oldest first, each with its delivery status
         * @description Every message sent about the order (to the customer and to staff) in the order of the events that caused them, with the template, the language, the text the recipient reads and what WhatsApp reported (sent, delivered, read, failed with Meta's error code). Customers who replied STOP appear as skipped. Anyone who may see the order may call it.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listOrderNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a Draft contract for an order
         * @description contractNumber is the next in one sequence for the whole service. Customer and car fields not given are taken from the order.
         *
         *     **Who may call:** admin, operations, accountant, marketer.
         *
         *     **Version:** the answer carries the contract's version as an `ETag` header.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contracts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One contract
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Version:** the answer carries the contract's version as an `ETag` header.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getContract"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a Draft contract (409 INVALID_STATE once it is Sent or Signed)
         * @description **Who may call:** admin, operations, accountant, marketer.
         *
         *     **Version:** the answer carries the contract's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["updateContract"];
        trace?: never;
    };
    "/api/v1/orders/{id}/contracts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order's contracts, oldest first
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listOrderContracts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contracts/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a contract to the customer on the chat channel; then it is Sent
         * @description phone (or its alias phoneNumber) in E.164. Draft and Sent contracts can be sent (again); a Signed one answers 409 INVALID_STATE. If the chat channel refuses or fails, 502 CHANNEL_DISPATCH_FAILED and the contract is unchanged.
         *
         *     **Who may call:** admin, operations, accountant, marketer.
         *
         *     **Version:** the answer carries the contract's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 502 CHANNEL_DISPATCH_FAILED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["sendContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/contracts/{id}/sign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Mark a contract Signed (from Draft or Sent), storing signedDocument as given
         * @description **Who may call:** admin, operations, accountant, marketer.
         *
         *     **Version:** the answer carries the contract's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 409 INVALID_STATE, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["signContract"];
        trace?: never;
    };
    "/api/v1/billing/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Confirm a billing entry (accountant); confirming again is harmless
         * @description Records who confirmed (confirmedBy, confirmedByRole, confirmedByKeyId). A Confirmed entry is final. When the tenant requires a second person (requireSecondApprover), whoever recorded the entry cannot confirm it: 403 SECOND_APPROVER_REQUIRED.
         *
         *     **Who may call:** admin, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 403 SECOND_APPROVER_REQUIRED, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["confirmBillingEntry"];
        trace?: never;
    };
    "/api/v1/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The billing entries waiting for confirmation, oldest first (accountant, operations, admin)
         * @description The tenant's queue of Pending invoices and receipts across its orders: what an accountant has to confirm. A confirmed entry leaves it at once. Each page is one read of the queue, whatever the tenant's history: pass meta.nextCursor as cursor for the next page. Platform keys read the queue of no tenant, or of the tenant named by tenantId.
         *
         *     **Who may call:** admin, operations, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listBillingEntries"];
        put?: never;
        /**
         * Create an invoice or a receipt for an order (Pending)
         * @description **Who may call:** admin, operations, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createBillingEntry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order's invoices and receipts, oldest first
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listOrderBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/{id}/document-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Attach the PDF of an invoice or receipt (type must match the entry; 409 INVALID_STATE once Confirmed)
         * @description **Who may call:** admin, operations, accountant.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["setBillingDocumentUrl"];
        trace?: never;
    };
    "/api/v1/inspections/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Move an inspection: Pending -> InProgress -> Completed, or Cancelled; photos and the report can be added while not final
         * @description Inspectors may move only inspections assigned to them; operations and admin any. Photos are appended. 409 INVALID_STATE for a move the sequence does not have.
         *
         *     **Who may call:** admin, operations, inspector.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 409 VERSION_CONFLICT, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["changeInspectionStatus"];
        trace?: never;
    };
    "/api/v1/inspections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An inspector's inspections by date, undated ones last: their agenda (inspector: their own; operations, admin: any inspector's)
         * @description An inspector key lists its own user's inspections (inspectorId may be left out, or must be theirs: 403 otherwise); operations and admin name the inspector (an id from GET /api/v1/inspectors). open=true keeps the inspections still to do (Pending or InProgress); status keeps one status. Each inspection carries its order's number and customer's name. Pass meta.nextCursor as cursor for the next page; a page holds fewer than limit only at the agenda's end.
         *
         *     **Who may call:** admin, operations, inspector.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listInspections"];
        put?: never;
        /**
         * Create an inspection of an order (Pending)
         * @description **Who may call:** admin, operations, inspector.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createInspection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/inspections/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One inspection
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getInspection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/inspections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An order's inspections, oldest first
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listOrderInspections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your tenant's staff, by name (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listUsers"];
        put?: never;
        /**
         * Register a staff member of your tenant (admin)
         * @description Marketers and inspectors must be users before orders and inspections can name them, and keys for them are issued for the user. A tenant admin registers users of its own tenant; a platform admin names the tenant with tenantId (none: platform staff). mobileNumber is unique within the tenant (409 DUPLICATE).
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 409 DUPLICATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a staff member and disable their keys (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["deactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One staff member (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a staff member's name, number, e-mail, language or active flag (admin)
         * @description active: false deactivates the user: their keys stop working (within 5 seconds on every route; at once at the gateway in AWS), and orders and inspections can no longer name them. The role cannot change: register a new user instead.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 DUPLICATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["updateUser"];
        trace?: never;
    };
    "/api/v1/inspectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your tenant's active inspectors, by name: whom an inspection can name (operations, admin)
         * @description Only id and name: operations choose the inspector of an inspection without seeing the staff list (GET /users is for admins). Platform keys name the tenant with tenantId.
         *
         *     **Who may call:** admin, operations.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listInspectors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant-profile/{image}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the tenant's logo or stamp (admin): PNG or JPEG, at most 180 KB, 32 to 4000 pixels a side
         * @description The image is checked from its bytes (its type must be the contentType given) and kept in the bucket; the answer gives a download address.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        put: operations["putTenantProfileImage"];
        post?: never;
        /**
         * Remove the tenant's logo or stamp (admin); documents that print it are refused until another is uploaded
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        delete: operations["deleteTenantProfileImage"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's legal profile: the seller its invoices and contracts name, and what each document still needs
         * @description The profile of the key's own tenant (platform keys have none: 403). `missing` lists, per document, the profile fields it needs that are not set yet; generating it is refused until they are.
         *
         *     **Who may call:** admin, operations, accountant.
         *
         *     **Version:** the answer carries the profile's version as an `ETag` header.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getTenantProfile"];
        /**
         * Set the tenant's legal profile (admin): the text given replaces what is stored; the logo and stamp stay
         * @description Every field is optional, so a profile can be filled in over time; a field left out is cleared. The IBAN's check digits and the SWIFT/BIC code are verified. Send the version you read (body `version` or If-Match) to refuse a save over someone else's.
         *
         *     **Who may call:** admin.
         *
         *     **Version:** the answer carries the profile's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        put: operations["putTenantProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/import-rules/{country}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The import rule in force for one destination country
         * @description **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Version:** the answer carries the import rule's version as an `ETag` header.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getImportRule"];
        /**
         * Set a country's import rule (admin): a tenant admin sets the tenant's own, a platform admin the default
         * @description The rule given replaces the one stored (a field left out is cleared). A tenant's own version wins over the default for that tenant, stricter or looser; the first save of a tenant's own starts from the default's version 0 (send no version, or the version of the tenant's own you read). Audited. Open orders that the new rule fails are listed by GET /orders?importCheck=failing.
         *
         *     **Who may call:** admin.
         *
         *     **Version:** the answer carries the import rule's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 409 VERSION_CONFLICT, 412 PRECONDITION_FAILED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        put: operations["putImportRule"];
        post?: never;
        /**
         * Drop the tenant's own rule for a country (admin): the default is in force again, and is answered
         * @description 404 when the tenant has no rule of its own for the country. A platform key names the tenant (?tenantId=); defaults are changed with PUT, never deleted. Audited.
         *
         *     **Who may call:** admin.
         *
         *     **Version:** the answer carries the import rule's version as an `ETag` header. This operation raises the version; send the one you read as `If-Match` (or body.version where the body has it).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 412 PRECONDITION_FAILED, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        delete: operations["deleteImportRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/import-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The import rules in force for the key's tenant: its own where it set one, the default elsewhere
         * @description One rule set per destination country, sorted by country, each with its source, the day it was read and whether it is confirmed. A country not listed has no rule: nothing is refused there. Platform keys see the defaults, or a tenant's with ?tenantId=.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listImportRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the presented key is: its role, tenant, user, expiry and the routes it may call (any role, when its allowedRoutes name it)
         * @description For a client that shapes itself to its caller (the staff console shows only what the role may do). `routes` are the routes this key may call now: those its role is open to that its allowedRoutes also name. Public routes are not listed.
         *
         *     **Who may call:** admin, operations, accountant, marketer, inspector, integrator (every role).
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your tenant's keys, newest first, with user ids and last use (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Issue a key for your tenant (admin); the key is shown once
         * @description A key for a user (userId) takes the user's role and tenant; marketer and inspector keys must be for a user. Without allowedRoutes the key gets every route its role may use. A key never gets routes its issuer may not call (403). expiresAt is optional.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["issueApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a key (admin): refused within 5 seconds on every route, at once at the gateway in AWS
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["revokeApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/api-keys/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a key (admin): a new key now, the old one expires after a grace period (default 24 hours)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["rotateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your tenant's audit trail, newest first (admin)
         * @description Every change to orders, billing entries, contracts, inspections, wallets, customers, users and keys, written in the same transaction as the change: who (key, user, role), what (entity, id, action, fields before and after), when, and the request id. Filter by entity (and id), and by time with from/to. Paged by cursor: pass meta.nextCursor as cursor for the next page.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your tenant's webhook endpoints, with their health (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Register a URL to receive signed events (admin); the signing secret is shown once
         * @description Deliveries follow the Standard Webhooks specification: headers `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature` (HMAC-SHA256 of `id.timestamp.body` with the secret). Events from the moment of creation on are delivered; each resource's in order; a failed attempt is retried over about 27.6 hours. At most 20 endpoints per tenant (deleted ones do not count).
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One webhook endpoint and its health (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint (admin): it receives nothing more and no longer counts towards the 20 a tenant may have
         * @description Its deliveries not yet made are cancelled (an attempt under way may still finish). Its delivery log stays readable at `GET /webhook-endpoints/{id}/deliveries` for the 30 days deliveries are kept; the audit trail records the deletion. Answers the endpoint as it was, with `deletedAt`. Deleting it again: 404.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Change the URL, event types or description, or disable and enable the endpoint (admin)
         * @description `enabled: false` stops deliveries at once; events that happen meanwhile wait in its queue (30 days) and go out in order when it is enabled again. Enabling an endpoint the service disabled resets its failure count; its waiting deliveries are due at once.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 VERSION_CONFLICT, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One delivery: its attempts (status code, latency, error) and the exact payload (admin)
         * @description A deleted endpoint's deliveries stay readable (for the 30 days they are kept).
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The endpoint's deliveries, newest first, with every attempt (admin)
         * @description `status=failed` lists only those given up, newest failure first; `status=retrying` only those failing and still being retried, newest event first. `since` keeps those after an instant (the event time; the failure time with status=failed). Paged by cursor (a page may hold fewer than `limit`). A deleted endpoint's deliveries stay readable here (for the 30 days they are kept).
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver again every delivery that failed since an instant (admin)
         * @description **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["replayFailedWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deliver one event again, with the same webhook-id (admin)
         * @description For a delivered or failed delivery: it is due at once, with a fresh round of retries, on its own (later events of its resource may already have been delivered). For a retrying one (its receiver fixed): due at once with a fresh round, still ahead of the later events of its resource, which keep following it. One not tried yet (pending) answers 409 INVALID_STATE: it goes out in its turn.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 409 INVALID_STATE, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["replayWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A new signing secret (admin); the old one keeps signing too for a grace period (default 24 hours)
         * @description During the grace period every delivery carries two signatures in `webhook-signature`, one per secret, so the receiver can switch at its own pace.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a signed `webhook.test` event now and answer how the endpoint replied (admin)
         * @description One attempt, made while you wait, recorded in the delivery log; a failed test is not retried. Works on a disabled endpoint too, to check a fix before enabling it.
         *
         *     **Who may call:** admin.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Your tenant's events in order, for integrators who cannot receive webhooks
         * @description The same events webhooks deliver, kept 30 days. Start without `after` (the oldest event still kept), then pass `meta.nextCursor` as `after`; an empty page means you are up to date: ask again later with the same cursor. Each event is returned once per cursor chain, none skipped: one resource's events in the order they happened; events of different resources that happen within a few seconds of each other may come in either order. An event comes as soon as it is visible, except during a burst, when the newest ones may wait up to 30 seconds (the time a write may take to commit) so that the cursor stays short (a few hundred characters). The cursor is always given, on the last page too, and never expires while its events are kept. With `types`, a request reads past events of other types until its page is full or it reaches the newest, so a short page means up to date there too (only after 2,000 events of other types in a row can a page come back short with more to follow).
         *
         *     **Who may call:** admin, integrator.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 403 FORBIDDEN, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What this API is, where its reference is, and every route with who may call it
         * @description Every other route needs an `X-API-Key` header, except the documentation and the WhatsApp webhooks.
         *
         *     **Who may call:** anyone; no API key.
         */
        get: operations["getApiIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference: every operation with its roles, errors and examples, a getting-started guide and the order lifecycle (HTML)
         * @description Rendered in the browser by Scalar from /api/v1/openapi.json; everything it needs is served by this API, nothing from the internet.
         *
         *     **Who may call:** anyone; no API key.
         */
        get: operations["getDocsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs/renderer.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The script that renders the API reference (Scalar API Reference, bundled)
         * @description **Who may call:** anyone; no API key.
         */
        get: operations["getDocsRenderer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The OpenAPI 3.1 document of this API
         * @description **Who may call:** anyone; no API key.
         */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/whatsapp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * WhatsApp's verification handshake: answers hub.challenge when hub.verify_token is this stage's token
         * @description Meta calls this once when the webhook is configured. With hub.mode=subscribe and the verify token of this stage (WHATSAPP_VERIFY_TOKEN), the answer is the hub.challenge value as plain text; any other token gets 403.
         *
         *     **Who may call:** anyone; no API key.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 403 FORBIDDEN.
         */
        get: operations["verifyWhatsAppWebhook"];
        put?: never;
        /**
         * WhatsApp delivery statuses and inbound messages (signed by Meta with X-Hub-Signature-256)
         * @description Every call must carry X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with the app secret>; without it, or with a wrong one, the answer is 401 and nothing is stored. Statuses (sent, delivered, read, failed with Meta's error code) are recorded on the message they name; an inbound message opens its sender's 24-hour window, and "STOP" (or "إيقاف") turns their messages off, "START" (or "ابدأ") back on, each acknowledged. Repeated calls change nothing twice.
         *
         *     **Who may call:** anyone; no API key.
         *
         *     **Errors:** 400 INVALID_JSON, 400 VALIDATION_ERROR, 401 UNAUTHORIZED, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["receiveWhatsAppWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The buyer's page of an order (HTML, no key): its car, milestones, voyage, inspection, payments, papers and whom to ask
         * @description Opened from the link in the buyer's WhatsApp messages. In the customer's language (`?lang=en` or `?lang=ar` switches). An unknown, replaced or expired link answers the same 404 page; too many requests from one address answer 429 with Retry-After.
         *
         *     **Who may call:** anyone; no API key.
         */
        get: operations["getTrackingPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/track/{token}/consignee": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer's consignee form on their page (HTML form, no key): who the car is consigned to
         * @description Posted by the form on the buyer's page, with the hidden `form` field the page put in it (bound to this link, valid 12 hours). Stores the consignee (`givenBy: buyer`, audited, `order.updated` to integrators) and answers 303 back to the page, which shows it. A value it cannot take answers the page again (400) with the problem next to the field, in the page's language; a missing, altered or expired `form` field answers the page again (403) and stores nothing. Once the bill of lading is recorded the buyer can no longer change it (409, the page says to ask the marketer); staff can (PATCH /api/v1/orders/{id}/consignee).
         *
         *     **Who may call:** anyone; no API key.
         */
        post: operations["giveTrackingConsignee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/orders/{id}/tracking-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a new tracking link for the order's buyer; the old one stops working at once
         * @description Every order gets a link when it is created (GET /orders/{id} shows it as `trackingLink`, and the customer's WhatsApp messages carry it). Issue a new one when the link reached someone it should not have: the old link answers 404 from now on, like any unknown link. A link ends 90 days after the order is delivered or cancelled; a new link of a closed order ends at the same time.
         *
         *     **Who may call:** admin, operations, marketer, integrator.
         *
         *     **Errors:** 400 VALIDATION_ERROR, 400 INVALID_JSON, 401 UNAUTHORIZED, 403 FORBIDDEN, 404 NOT_FOUND, 413 PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE, 429 RATE_LIMITED, 503 SERVICE_UNAVAILABLE.
         */
        post: operations["replaceTrackingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "order.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.created
         * @description An order was placed (POST /orders). `data.object`: the order as GET /orders/{id} returns it.
         *
         *     POSTed to every enabled endpoint subscribed to `order.created` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.order.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.status_changed
         * @description An order moved to another status.
         *
         *     POSTed to every enabled endpoint subscribed to `order.status_changed` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.order.status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.updated
         * @description An order's customs data or customer-notification flag changed.
         *
         *     POSTed to every enabled endpoint subscribed to `order.updated` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.order.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.pictures_archived": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.pictures_archived
         * @description The car's pictures were copied into the archive (`data.object.imageArchive`).
         *
         *     POSTed to every enabled endpoint subscribed to `order.pictures_archived` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.order.pictures_archived"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "order.pictures_archive_failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * order.pictures_archive_failed
         * @description The car's pictures could not be archived after every retry (`data.object.imageArchive.reason`).
         *
         *     POSTed to every enabled endpoint subscribed to `order.pictures_archive_failed` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.order.pictures_archive_failed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contract.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contract.sent
         * @description A sales contract was sent to the customer.
         *
         *     POSTed to every enabled endpoint subscribed to `contract.sent` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.contract.sent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "contract.signed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * contract.signed
         * @description A sales contract was signed.
         *
         *     POSTed to every enabled endpoint subscribed to `contract.signed` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.contract.signed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "billing_entry.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * billing_entry.created
         * @description A receipt or invoice was recorded on an order (a deposit receipt given with a new order too).
         *
         *     POSTed to every enabled endpoint subscribed to `billing_entry.created` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.billing_entry.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "billing_entry.confirmed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * billing_entry.confirmed
         * @description A receipt or invoice was confirmed.
         *
         *     POSTed to every enabled endpoint subscribed to `billing_entry.confirmed` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.billing_entry.confirmed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inspection.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inspection.created
         * @description An inspection was created for an order.
         *
         *     POSTed to every enabled endpoint subscribed to `inspection.created` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.inspection.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "inspection.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * inspection.status_changed
         * @description An inspection moved (photos or notes alone are no event).
         *
         *     POSTed to every enabled endpoint subscribed to `inspection.status_changed` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.inspection.status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "wallet.transaction_created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * wallet.transaction_created
         * @description Money moved in a customer's wallet: a deposit, a payment for an order, a refund or an adjustment.
         *
         *     POSTed to every enabled endpoint subscribed to `wallet.transaction_created` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.wallet.transaction_created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "car.removed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * car.removed
         * @description A car you have an open order on left its provider's list (sold at auction or withdrawn), as a feed said. `data.object`: the car as GET /cars/{id} returns it.
         *
         *     POSTed to every enabled endpoint subscribed to `car.removed` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.car.removed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "car.repriced": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * car.repriced
         * @description A car you have an open order on changed price in its provider's feed (10,000 KRW units).
         *
         *     POSTed to every enabled endpoint subscribed to `car.repriced` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.car.repriced"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent by POST /webhook-endpoints/{id}/test only.
         *
         *     POSTed to every enabled endpoint subscribed to `webhook.test` (see Webhooks). The body is exactly the JSON below; the same event is in `GET /api/v1/events`.
         */
        post: operations["webhook.webhook.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** Customer */
        Customer: {
            id: string;
            name: string;
            /** @description E.164 */
            mobileNumber: string;
            email?: string;
            idNumber?: string;
            country?: string;
            address?: string;
            /**
             * @description language of the customer's chat messages; when absent, the tenant's default language (English unless the tenant set another)
             * @enum {string}
             */
            language?: "en" | "ar";
            tenantId?: string;
            walletId: string;
            walletBalance: number;
            walletCurrency: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** CustomerSummary */
        CustomerSummary: {
            id: string;
            name: string;
            /** @description E.164 */
            mobileNumber: string;
            email?: string;
            country?: string;
            /**
             * @description language of the customer's chat messages; when absent, the tenant's default language (English unless the tenant set another)
             * @enum {string}
             */
            language?: "en" | "ar";
            tenantId?: string;
            walletId: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** CustomerMatch */
        CustomerMatch: {
            id: string;
            name: string;
            mobileNumber?: string;
            tenantId?: string;
        };
        /** WalletTransaction */
        WalletTransaction: {
            id: string;
            /** @enum {string} */
            type: "credit" | "debit" | "adjustment" | "refund" | "payment_deduction";
            /** @description always positive */
            amount: number;
            /** @description signed effect on the balance */
            delta: number;
            balanceAfter: number;
            currency: string;
            description: string;
            orderId?: string;
            /** Format: date-time */
            createdAt: string;
        };
        /** Wallet */
        Wallet: {
            id: string;
            customerId: string;
            tenantId?: string;
            balance: number;
            currency: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * CarPriceChange
         * @description a price change a feed brought, in 10,000 KRW units
         */
        CarPriceChange: {
            /** Format: date-time */
            at: string;
            from: number;
            to: number;
        };
        /** ImportReason */
        ImportReason: {
            /** @enum {string} */
            rule: "maxAgeYears" | "refusedDamage" | "engine" | "fuelTypesRefused";
            message: string;
            source: string;
        };
        /**
         * ImportPermit
         * @example {
         *       "name": "Korean strategic-items export permit (MOTIE)",
         *       "engineOverCc": 2000
         *     }
         */
        ImportPermit: {
            /** @example Korean strategic-items export permit (MOTIE) */
            name: string;
            /**
             * @description needed only for engines over this many cc
             * @example 2000
             */
            engineOverCc?: number;
            /** @example Reviewed case by case */
            note?: string;
        };
        /** ImportCheck */
        ImportCheck: {
            country: string;
            allowed: boolean;
            reasons: components["schemas"]["ImportReason"][];
            documents: string[];
            permits: components["schemas"]["ImportPermit"][];
            /** @description rules the car could not be judged on, for want of the field they read */
            unchecked: {
                /** @enum {string} */
                rule: "maxAgeYears" | "refusedDamage" | "engine" | "fuelTypesRefused";
                message: string;
            }[];
            /** @description false when the destination has no rule set: nothing is refused */
            ruled: boolean;
        };
        /** CarDetail */
        CarDetail: {
            id: number;
            advertisementNumber: string;
            title: string;
            makeEn: string;
            modelGroupEn: string;
            modelEn: string;
            generationCode?: string;
            gradeEn: string;
            gradeDetailEn?: string;
            year: number;
            /** @description raw price in units of 10,000 KRW, before markup */
            price: number;
            /** @description only with ?currency; null when the rate pair is unknown */
            convertedPrice?: number | null;
            /** @description currency of convertedPrice */
            convertedCurrency?: string;
            fuelType: string;
            transmission: string;
            vehicleType: string;
            color: string;
            drivetrain: string;
            kilometers: number;
            provider: string;
            city: string;
            /** Format: date */
            auctionDate: string;
            published: boolean;
            thumbnailUrl: string;
            options: string[];
            damage: string[];
            /** Format: date-time */
            createdAt: string;
            images: string[];
            vin?: string;
            firstRegistration?: string;
            ownerChanges: number;
            displacement?: number;
            seats?: number;
            /**
             * @description `available` while its provider lists it; `sold` or `withdrawn` once it left the list (its record stays, and orders on it are refused)
             * @enum {string}
             */
            availability: "available" | "sold" | "withdrawn";
            /**
             * Format: date-time
             * @description when the car left the list
             */
            removedAt?: string;
            /** @description price changes, oldest first */
            priceHistory?: components["schemas"]["CarPriceChange"][];
            importCheck?: components["schemas"]["ImportCheck"];
        };
        /** CarListItem */
        CarListItem: {
            id?: number;
            advertisementNumber?: string;
            title?: string;
            makeEn?: string;
            modelGroupEn?: string;
            modelEn?: string;
            generationCode?: string;
            gradeEn?: string;
            gradeDetailEn?: string;
            year?: number;
            /** @description raw price in units of 10,000 KRW, before markup */
            price?: number;
            /** @description only with ?currency; null when the rate pair is unknown */
            convertedPrice?: number | null;
            /** @description currency of convertedPrice */
            convertedCurrency?: string;
            fuelType?: string;
            transmission?: string;
            vehicleType?: string;
            color?: string;
            drivetrain?: string;
            kilometers?: number;
            provider?: string;
            city?: string;
            /** Format: date */
            auctionDate?: string;
            published?: boolean;
            thumbnailUrl?: string;
            options?: string[];
            damage?: string[];
            /** Format: date-time */
            createdAt?: string;
            /**
             * @description with updatedSince: `available`, or `sold`/`withdrawn` for a car that left the list
             * @enum {string}
             */
            availability?: "available" | "sold" | "withdrawn";
            /**
             * Format: date-time
             * @description with updatedSince, for a car that left the list
             */
            removedAt?: string;
            /**
             * Format: date-time
             * @description with updatedSince: when the car's last change reached the list
             */
            changedAt?: string;
        };
        /** FeedCounts */
        FeedCounts: {
            /** @description lines read, blank ones left out */
            read: number;
            created: number;
            updated: number;
            /** @description lines that changed nothing */
            unchanged: number;
            /** @description cars that left the list: a delta's remove lines, or a full list's missing cars */
            removed: number;
            /** @description updated cars whose price changed */
            repriced: number;
            /** @description lines refused (see refusedLines) */
            refused: number;
        };
        /** FeedFileSummary */
        FeedFileSummary: {
            id: string;
            /** @enum {string} */
            provider: "glovis" | "kcar" | "lotte" | "sk" | "autohub" | "heydealer";
            /** @enum {string} */
            kind: "full" | "delta";
            /** @description the object key in the bucket, feeds/{provider}/{full|delta}/... */
            key: string;
            etag: string;
            size: number;
            gzip: boolean;
            /** @enum {string} */
            status: "queued" | "importing" | "held" | "applied" | "refused" | "discarded";
            /** Format: date-time */
            receivedAt: string;
            /** Format: date-time */
            startedAt?: string;
            /** Format: date-time */
            finishedAt?: string;
            /** @enum {string} */
            phase: "scan" | "apply" | "remove" | "publish" | "events" | "done";
            cursor: number;
            steps: number;
            counts: components["schemas"]["FeedCounts"];
            /** @description why the file was refused, held or discarded */
            reason?: string;
            /** @description a full list's removals against the provider's listed cars */
            removals?: {
                removing: number;
                listed: number;
                share: number;
                limit: number;
            };
            confirmedBy?: string;
            /** Format: date-time */
            confirmedAt?: string;
            snapshotVersion?: string;
            /** @description car.removed / car.repriced events sent to tenants with open orders on the cars */
            events?: number;
            /** Format: date-time */
            updatedAt: string;
        };
        /** CatalogueProviderStatus */
        CatalogueProviderStatus: {
            /** @enum {string} */
            provider: "glovis" | "kcar" | "lotte" | "sk" | "autohub" | "heydealer";
            lastFeedAt: string | null;
            lastGoodFeedAt: string | null;
            /** @description the last good feed is older than staleAfterHours: the late-feed alarm is raised */
            stale: boolean;
            /** @description the provider's cars in the list after its last applied file */
            listedCars: number | null;
            lastFile: components["schemas"]["FeedFileSummary"] | null;
            /** @description files queued, importing or held, oldest first */
            openFiles: components["schemas"]["FeedFileSummary"][];
        };
        /** CatalogueStatus */
        CatalogueStatus: {
            snapshot: {
                version: string;
                cars: number;
                /** Format: date-time */
                createdAt: string;
            } | null;
            settings: {
                /** @description share of a provider's cars a full list may remove before it is held (FEED_MAX_REMOVAL_SHARE) */
                maxRemovalShare: number;
                /** @description age of the last good feed that raises the alarm (FEED_STALE_AFTER_HOURS) */
                staleAfterHours: number;
            };
            providers: components["schemas"]["CatalogueProviderStatus"][];
        };
        /** FeedFileReport */
        FeedFileReport: {
            id: string;
            /** @enum {string} */
            provider: "glovis" | "kcar" | "lotte" | "sk" | "autohub" | "heydealer";
            /** @enum {string} */
            kind: "full" | "delta";
            /** @description the object key in the bucket, feeds/{provider}/{full|delta}/... */
            key: string;
            etag: string;
            size: number;
            gzip: boolean;
            /** @enum {string} */
            status: "queued" | "importing" | "held" | "applied" | "refused" | "discarded";
            /** Format: date-time */
            receivedAt: string;
            /** Format: date-time */
            startedAt?: string;
            /** Format: date-time */
            finishedAt?: string;
            /** @enum {string} */
            phase: "scan" | "apply" | "remove" | "publish" | "events" | "done";
            cursor: number;
            steps: number;
            counts: components["schemas"]["FeedCounts"];
            /** @description why the file was refused, held or discarded */
            reason?: string;
            /** @description a full list's removals against the provider's listed cars */
            removals?: {
                removing: number;
                listed: number;
                share: number;
                limit: number;
            };
            confirmedBy?: string;
            /** Format: date-time */
            confirmedAt?: string;
            snapshotVersion?: string;
            /** @description car.removed / car.repriced events sent to tenants with open orders on the cars */
            events?: number;
            /** Format: date-time */
            updatedAt: string;
            /** @description the first 500 refused lines */
            refusedLines: {
                line: number;
                reason: string;
            }[];
        };
        /**
         * ExportSteps
         * @description The export steps between Purchased and Delivered (PUT /orders/{id}/export-steps/{step})
         */
        ExportSteps: {
            /** @description deregistered for export (수출말소), with the certificate */
            deregistration?: {
                /**
                 * Format: date
                 * @description a day, YYYY-MM-DD
                 * @example 2026-11-20
                 */
                date: string;
                documentUrl?: string;
                recordedAt: string;
                recordedBy: string;
            };
            /** @description entered into a bonded area */
            bondedArea?: {
                /**
                 * Format: date
                 * @description a day, YYYY-MM-DD
                 * @example 2026-11-20
                 */
                date: string;
                documentUrl?: string;
                recordedAt: string;
                recordedBy: string;
                location?: string;
            };
            /** @description the export declaration, accepted on `date` */
            exportDeclaration?: {
                /**
                 * Format: date
                 * @description a day, YYYY-MM-DD
                 * @example 2026-11-20
                 */
                date: string;
                documentUrl?: string;
                recordedAt: string;
                recordedBy: string;
                number: string;
                /** @description the car must be loaded by this day: 30 days after acceptance */
                loadBy: string;
            };
            /** @description the export-completion report, filed on `date` */
            completionReport?: {
                /**
                 * Format: date
                 * @description a day, YYYY-MM-DD
                 * @example 2026-11-20
                 */
                date: string;
                documentUrl?: string;
                recordedAt: string;
                recordedBy: string;
            };
            /** @description 12 months after deregistration */
            completionReportDueBy?: string;
        };
        /**
         * Shipment
         * @description The voyage: booking, vessel or container, ports, estimated and actual dates, bill of lading (PATCH /orders/{id}/shipment)
         */
        Shipment: {
            /** @enum {string} */
            method: "roro" | "container";
            bookingNumber: string;
            carrier: string;
            vessel?: string;
            voyage?: string;
            containerNumber?: string;
            sealNumber?: string;
            portOfLoading: string;
            portOfDischarge: string;
            etd?: string;
            eta?: string;
            atd?: string;
            ata?: string;
            billOfLadingNumber?: string;
            billOfLadingUrl?: string;
            updatedAt: string;
        };
        /** ImportRuleOverride */
        ImportRuleOverride: {
            reason: string;
            by: string;
            /** Format: date-time */
            at: string;
        };
        /**
         * Consignee
         * @description who the car is consigned to: the commercial invoice and the proforma name them as the buyer, unless the customs invoice names its own
         */
        Consignee: {
            name: string;
            address: string;
            city: string;
            country: string;
            phone: string;
            email?: string;
            idNumber: string;
            notifyParty?: string;
            /**
             * @description the buyer on their page, or staff (PATCH /orders/{id}/consignee)
             * @enum {string}
             */
            givenBy: "buyer" | "staff";
            /** @description the staff user, else the key, that recorded it */
            by?: string;
            /** Format: date-time */
            at: string;
        };
        /** Order */
        Order: {
            id: string;
            orderNumber: number;
            /** @enum {string} */
            status: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
            allowedStatusTransitions: ("DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled")[];
            progress: number;
            canCancel: boolean;
            isTerminal: boolean;
            version: number;
            customerId: string;
            marketerId?: string;
            tenantId?: string;
            carId?: number;
            carDetails: {
                [key: string]: unknown;
            };
            totalAmount: number;
            currency: string;
            notes: string | null;
            inspectionDate: string | null;
            paidFromWallet: boolean;
            /** @description the Pending receipt billing entry made from the receipt fields given at creation (confirm it, attach its proof of payment); null when none were given */
            depositReceiptId: string | null;
            /** @description archival of the car pictures (orders created with carId) */
            imageArchive?: {
                /** @enum {string} */
                status: "pending" | "done" | "failed";
                eventId: string;
                /** @description keys in the bucket, under orders/{orderNumber}/ */
                objectKeys: string[];
                reason?: string;
                completedAt?: string;
            };
            exportSteps?: components["schemas"]["ExportSteps"];
            shipment?: components["schemas"]["Shipment"];
            /**
             * @description where the car goes (ISO 3166-1 alpha-2): given at creation, else the customer's country; its import rules judge the car
             * @example SA
             */
            destinationCountry?: string;
            importRuleOverride?: components["schemas"]["ImportRuleOverride"];
            consignee?: components["schemas"]["Consignee"];
            /**
             * DocumentCourier
             * @description how the original papers reach the buyer: a courier's parcel, or a telex release (no originals to wait for)
             */
            documentCourier?: {
                /**
                 * @description the express courier the original papers travel with
                 * @example DHL
                 * @enum {string}
                 */
                carrier: "DHL" | "FedEx" | "Aramex" | "UPS" | "EMS" | "other";
                trackingNumber: string;
                /**
                 * Format: date
                 * @description a day, YYYY-MM-DD
                 * @example 2026-11-20
                 */
                sentAt: string;
                /** Format: date-time */
                at: string;
            } | {
                /** @constant */
                telexRelease: true;
                /** Format: date-time */
                at: string;
            };
            customer: {
                id: string;
                name: string;
                email?: string;
                mobileNumber?: string;
            };
            marketer?: {
                id: string;
                name: string;
                email?: string;
                mobileNumber?: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /**
         * OrderCounts
         * @example {
         *       "counts": {
         *         "DepositSubmitted": 4,
         *         "DepositConfirmed": 2,
         *         "InspectionScheduled": 3,
         *         "InspectionCompleted": 1,
         *         "ContractSigned": 1,
         *         "PaymentSubmitted": 2,
         *         "PaymentConfirmed": 0,
         *         "Purchased": 5,
         *         "Shipped": 7,
         *         "Delivered": 41,
         *         "Cancelled": 3
         *       },
         *       "total": 69
         *     }
         */
        OrderCounts: {
            /** @description the number of orders in each status */
            counts: {
                DepositSubmitted: number;
                DepositConfirmed: number;
                InspectionScheduled: number;
                InspectionCompleted: number;
                ContractSigned: number;
                PaymentSubmitted: number;
                PaymentConfirmed: number;
                Purchased: number;
                Shipped: number;
                Delivered: number;
                Cancelled: number;
            };
            /** @description the number of orders in all */
            total: number;
        };
        /** TrackingLink */
        TrackingLink: {
            /**
             * @description the buyer's page: anyone with this address sees the order as its buyer does, so send it to the buyer only
             * @example https://api.example.com/track/Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2
             */
            url: string;
            /** Format: date-time */
            issuedAt: string;
            /** @description when the link stops working: 90 days after the order was delivered or cancelled (null while it is open) */
            endsAt: string | null;
        };
        /** OrderDetail */
        OrderDetail: {
            id: string;
            orderNumber: number;
            /** @enum {string} */
            status: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
            allowedStatusTransitions: ("DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled")[];
            progress: number;
            canCancel: boolean;
            isTerminal: boolean;
            version: number;
            customerId: string;
            marketerId?: string;
            tenantId?: string;
            carId?: number;
            carDetails: {
                [key: string]: unknown;
            };
            totalAmount: number;
            currency: string;
            notes: string | null;
            inspectionDate: string | null;
            paidFromWallet: boolean;
            /** @description the Pending receipt billing entry made from the receipt fields given at creation (confirm it, attach its proof of payment); null when none were given */
            depositReceiptId: string | null;
            /** @description archival of the car pictures (orders created with carId) */
            imageArchive?: {
                /** @enum {string} */
                status: "pending" | "done" | "failed";
                eventId: string;
                /** @description keys in the bucket, under orders/{orderNumber}/ */
                objectKeys: string[];
                reason?: string;
                completedAt?: string;
            };
            exportSteps?: components["schemas"]["ExportSteps"];
            shipment?: components["schemas"]["Shipment"];
            /**
             * @description where the car goes (ISO 3166-1 alpha-2): given at creation, else the customer's country; its import rules judge the car
             * @example SA
             */
            destinationCountry?: string;
            importRuleOverride?: components["schemas"]["ImportRuleOverride"];
            consignee?: components["schemas"]["Consignee"];
            /**
             * DocumentCourier
             * @description how the original papers reach the buyer: a courier's parcel, or a telex release (no originals to wait for)
             */
            documentCourier?: {
                /**
                 * @description the express courier the original papers travel with
                 * @example DHL
                 * @enum {string}
                 */
                carrier: "DHL" | "FedEx" | "Aramex" | "UPS" | "EMS" | "other";
                trackingNumber: string;
                /**
                 * Format: date
                 * @description a day, YYYY-MM-DD
                 * @example 2026-11-20
                 */
                sentAt: string;
                /** Format: date-time */
                at: string;
            } | {
                /** @constant */
                telexRelease: true;
                /** Format: date-time */
                at: string;
            };
            customer: {
                id: string;
                name: string;
                email?: string;
                mobileNumber?: string;
            };
            marketer?: {
                id: string;
                name: string;
                email?: string;
                mobileNumber?: string;
            };
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            financialSummary: {
                depositAmount: number;
                depositCurrency: string;
                remainingAmount: number;
                remainingCurrency: string;
                totalConfirmed: number;
                /** @description money given back, with when: a wallet-paid order's amount, returned to the wallet when it was cancelled; absent when nothing was. totalConfirmed still counts what was received */
                refunded?: {
                    amount: number;
                    currency: string;
                    /** Format: date-time */
                    at: string;
                    /**
                     * @description where it went: the customer's wallet
                     * @constant
                     */
                    to: "wallet";
                };
                /** @description receipts in currencies other than the order's, per currency: nothing is converted, so they are not in totalConfirmed or remainingAmount; listed so that no money received is left out */
                otherCurrencies: {
                    currency: string;
                    totalConfirmed: number;
                    awaitingConfirmation: number;
                }[];
            };
            signedContract: {
                id: string;
                contractNumber: number;
                pdfUrl: string | null;
                /** Format: date-time */
                signedAt: string;
            } | null;
            inspection: {
                id: string;
                status: string;
                inspectionDate: string | null;
                pdfReportUrl: string | null;
            } | null;
            customsInvoice: {
                [key: string]: unknown;
            } | null;
            /** @description the buyer's page of this order (POST /orders/{id}/tracking-link replaces it); null for orders placed before the pages existed */
            trackingLink: components["schemas"]["TrackingLink"] | null;
            customsDocuments: {
                [key: string]: unknown;
            }[];
            /** @description the export steps that may be recorded now (PUT /orders/{id}/export-steps/{step}): those of the order's status whose step before is recorded; one already recorded may be recorded again to correct it */
            recordableExportSteps: ("deregistration" | "bonded-area" | "export-declaration" | "completion-report")[];
            /** @description the latest version of each generated PDF, with a 15-minute download URL (every version: GET /orders/{id}/documents) */
            documents: {
                id: string;
                type: string;
                version: number;
                language: string;
                createdAt: string;
                url: string;
                urlExpiresAt: string;
            }[];
            importChecks?: components["schemas"]["ImportCheck"];
            statusHistory: {
                from: ("DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled") | null;
                /** @enum {string} */
                to: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                by: string;
                role: string;
                /** Format: date-time */
                at: string;
                note?: string;
                /** @description on an entry that records an export step (the status stays): which step and its day, as the note says in English */
                exportStep?: {
                    /** @enum {string} */
                    step: "deregistration" | "bonded-area" | "export-declaration" | "completion-report";
                    /** Format: date */
                    date: string;
                };
            }[];
        };
        /** Requirement */
        Requirement: {
            type: string;
            code: string;
            message: string;
        };
        /** ExportDeadline */
        ExportDeadline: {
            orderId: string;
            orderNumber: number;
            /**
             * @description `load-by`: loading within 30 days of the export declaration; `completion-report`: 12 months after deregistration
             * @enum {string}
             */
            kind: "load-by" | "completion-report";
            due: string;
            /** @description when operations were told by chat */
            remindedAt?: string;
        };
        /** GeneratedDocument */
        GeneratedDocument: {
            id: string;
            /** @enum {string} */
            type: "customs-invoice" | "proforma-invoice" | "contract";
            /** @description 1 for the first of its type, raised at every regeneration */
            version: number;
            /**
             * @description the seller's number printed on it: CI-00001 for commercial invoices and PI-00001 for proformas, from the tenant's own gapless series, given the first time the order's document of that type is generated and kept by every regeneration; the contract number for a contract
             * @example CI-00042
             */
            number?: string;
            /** @enum {string} */
            language: "en" | "ar";
            /** @description orders/{orderNumber}/documents/{type}/{id}.pdf in the bucket */
            key: string;
            bytes: number;
            contractId?: string;
            createdAt: string;
            createdBy: string;
            /** @description a presigned download URL, valid 15 minutes; read the order or this list again for a fresh one */
            url: string;
            urlExpiresAt: string;
        };
        /** FailedNotification */
        FailedNotification: {
            orderId: string;
            /**
             * @description the order's number (absent only if the order is gone)
             * @example 1042
             */
            orderNumber?: number;
            /** @description WhatsApp's message id (for skipped and refused messages, one of ours) */
            messageId: string;
            /** @description the order event (e.g. order.shipped), or contract.ready for the contract itself */
            event: string;
            /** @description customer, marketer, accountant or operations */
            audience: string;
            recipientName?: string;
            /** @description E.164 */
            to: string;
            template?: {
                name: string;
                language: string;
                parameters: string[];
            };
            /** @description the text the recipient reads */
            text?: string;
            /**
             * @description accepted: WhatsApp took it; sent, delivered, read, failed: what WhatsApp reported last; skipped: not sent (the customer replied STOP); unknown: a consumer stopped between sending and recording it, and it was not sent again
             * @enum {string}
             */
            status: "accepted" | "sent" | "delivered" | "read" | "failed" | "skipped" | "unknown";
            /** Format: date-time */
            statusAt?: string;
            /** @description when WhatsApp reported each status */
            statuses: {
                /** Format: date-time */
                sent?: string;
                /** Format: date-time */
                delivered?: string;
                /** Format: date-time */
                read?: string;
                /** Format: date-time */
                failed?: string;
            };
            /** @description why it was not sent */
            reason?: string;
            error?: {
                /** @description Meta's error code, e.g. 131026 */
                code?: number;
                title?: string;
            };
            /** Format: date-time */
            createdAt: string;
        };
        /** OrderNotification */
        OrderNotification: {
            /** @description WhatsApp's message id (for skipped and refused messages, one of ours) */
            messageId: string;
            /** @description the order event (e.g. order.shipped), or contract.ready for the contract itself */
            event: string;
            /** @description customer, marketer, accountant or operations */
            audience: string;
            recipientName?: string;
            /** @description E.164 */
            to: string;
            template?: {
                name: string;
                language: string;
                parameters: string[];
            };
            /** @description the text the recipient reads */
            text?: string;
            /**
             * @description accepted: WhatsApp took it; sent, delivered, read, failed: what WhatsApp reported last; skipped: not sent (the customer replied STOP); unknown: a consumer stopped between sending and recording it, and it was not sent again
             * @enum {string}
             */
            status: "accepted" | "sent" | "delivered" | "read" | "failed" | "skipped" | "unknown";
            /** Format: date-time */
            statusAt?: string;
            /** @description when WhatsApp reported each status */
            statuses: {
                /** Format: date-time */
                sent?: string;
                /** Format: date-time */
                delivered?: string;
                /** Format: date-time */
                read?: string;
                /** Format: date-time */
                failed?: string;
            };
            /** @description why it was not sent */
            reason?: string;
            error?: {
                /** @description Meta's error code, e.g. 131026 */
                code?: number;
                title?: string;
            };
            /** Format: date-time */
            createdAt: string;
        };
        /** Contract */
        Contract: {
            id: string;
            orderId: string;
            contractNumber: number;
            /** @enum {string} */
            status: "Draft" | "Sent" | "Signed";
            /** @description starts at 1, raised by every edit, send and signature; also the ETag */
            version: number;
            customerName: string;
            customerNameAr?: string;
            customerIdNumber?: string;
            customerPhone?: string;
            customerEmail?: string;
            customerAddress?: string;
            customerCountry?: string;
            customerIdDocument?: {
                [key: string]: unknown;
            };
            carDetails: {
                [key: string]: unknown;
            };
            totalAmount: number;
            currency: string;
            vin?: string;
            mileage?: string;
            color?: string;
            terms?: string;
            notes?: string;
            pdfUrl: string | null;
            signedDocument?: unknown;
            /** Format: date-time */
            sentAt?: string;
            sentTo?: string;
            /** Format: date-time */
            signedAt?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** BillingEntry */
        BillingEntry: {
            id: string;
            orderId: string;
            /**
             * @description the order's number (entries recorded before it was kept may lack it)
             * @example 1042
             */
            orderNumber?: number;
            /** @description the order's customer's name when the entry was recorded (older entries may lack it) */
            customerName?: string;
            /** @enum {string} */
            type: "invoice" | "receipt";
            /** @enum {string} */
            status: "Pending" | "Confirmed";
            amount: number;
            currency: string;
            description: string;
            items: {
                type: string;
                description: string;
                amount: number;
            }[];
            receiptFileUrl: string | null;
            invoiceNumber?: string;
            /** @description user id (or key id) that recorded the entry */
            recordedBy?: string;
            /** Format: date-time */
            confirmedAt?: string;
            /** @description user id (or key id) that confirmed it */
            confirmedBy?: string;
            confirmedByRole?: string;
            confirmedByKeyId?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** Inspection */
        Inspection: {
            id: string;
            orderId: string;
            inspectorId: string;
            /** @description the inspector's name as it was when the inspection was created or last changed (older inspections may lack it) */
            inspectorName?: string;
            /** @enum {string} */
            status: "Pending" | "InProgress" | "Completed" | "Cancelled";
            /** @description the statuses it may move to next (none once Completed or Cancelled): what a screen offers */
            allowedStatusTransitions: ("Pending" | "InProgress" | "Completed" | "Cancelled")[];
            inspectionDate: string | null;
            notes: string | null;
            photos: {
                /**
                 * Format: uri
                 * @example https://example.com/photos/front.jpg
                 */
                url: string;
                /**
                 * Format: uri
                 * @example https://example.com/photos/front-150.jpg
                 */
                thumbnailUrl?: string;
                /** @example exterior */
                type?: string;
                /** @example Front bumper, small scratch */
                caption?: string;
                priority?: number;
                /** Format: date-time */
                uploadedAt?: string;
            }[];
            pdfReportUrl: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** AgendaInspection */
        AgendaInspection: {
            id: string;
            orderId: string;
            inspectorId: string;
            /** @description the inspector's name as it was when the inspection was created or last changed (older inspections may lack it) */
            inspectorName?: string;
            /** @enum {string} */
            status: "Pending" | "InProgress" | "Completed" | "Cancelled";
            /** @description the statuses it may move to next (none once Completed or Cancelled): what a screen offers */
            allowedStatusTransitions: ("Pending" | "InProgress" | "Completed" | "Cancelled")[];
            inspectionDate: string | null;
            notes: string | null;
            photos: {
                /**
                 * Format: uri
                 * @example https://example.com/photos/front.jpg
                 */
                url: string;
                /**
                 * Format: uri
                 * @example https://example.com/photos/front-150.jpg
                 */
                thumbnailUrl?: string;
                /** @example exterior */
                type?: string;
                /** @example Front bumper, small scratch */
                caption?: string;
                priority?: number;
                /** Format: date-time */
                uploadedAt?: string;
            }[];
            pdfReportUrl: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * @description the order's number
             * @example 1042
             */
            orderNumber?: number;
            /** @description the order's customer's name */
            customerName?: string;
        };
        /** User */
        User: {
            id: string;
            name: string;
            /** @enum {string} */
            role: "admin" | "operations" | "accountant" | "marketer" | "inspector" | "integrator";
            /** @description absent for platform staff */
            tenantId?: string;
            /** @description E.164 */
            mobileNumber?: string;
            email?: string;
            /**
             * @description language of the chat messages the user receives
             * @enum {string}
             */
            language: "en" | "ar";
            active: boolean;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** Inspector */
        Inspector: {
            id: string;
            /** @example Hana Lee */
            name: string;
        };
        /** TenantProfile */
        TenantProfile: {
            /**
             * @description the registered name, in English and Arabic
             * @example {
             *       "en": "Gulf Motors Trading LLC",
             *       "ar": "شركة جلف موتورز للتجارة ذ.م.م"
             *     }
             */
            legalName?: {
                en?: string;
                ar?: string;
            };
            /**
             * @example {
             *       "line1": "Office 1204, Al Moosa Tower 2",
             *       "city": "Dubai",
             *       "country": "AE"
             *     }
             */
            address?: {
                line1?: string;
                /** @example Sheikh Zayed Road */
                line2?: string;
                city?: string;
                /** @example PO Box 123456 */
                postalCode?: string;
                /** @description ISO 3166-1 alpha-2, e.g. AE */
                country?: string;
            };
            registrationNumber?: string;
            taxNumber?: string;
            /**
             * Format: phone
             * @description with its country code, e.g. +971501234567
             */
            phone?: string;
            /** Format: email */
            email?: string;
            bank?: {
                bankName?: string;
                accountName?: string;
                /** @description ISO 13616, spaces allowed, e.g. AE07 0331 2345 6789 0123 456 */
                iban?: string;
                /**
                 * @description the account number, for a bank in a country without IBANs (Korea, the US); a proforma needs this or the IBAN
                 * @example 140-013-456789
                 */
                accountNumber?: string;
                /** @description SWIFT/BIC, 8 or 11 characters, e.g. EBILAEAD */
                swift?: string;
            };
            /**
             * @description Incoterms 2020 rule printed on invoices
             * @enum {string}
             */
            defaultIncoterms?: "EXW" | "FCA" | "FAS" | "FOB" | "CFR" | "CIF" | "CPT" | "CIP" | "DAP" | "DPU" | "DDP";
            portOfLoading?: string;
            /**
             * @description how Arabic documents write amounts, dates and quantities: western (1,500.50, the default) or arabic-indic (١٬٥٠٠٫٥٠); codes, VINs, IBANs and phone numbers stay as written
             * @enum {string}
             */
            arabicDigits?: "western" | "arabic-indic";
            logo?: {
                /** @description a download address valid for 15 minutes */
                url: string;
                /** @enum {string} */
                contentType: "image/png" | "image/jpeg";
                width: number;
                height: number;
                bytes: number;
                /** Format: date-time */
                uploadedAt: string;
            };
            stamp?: {
                /** @description a download address valid for 15 minutes */
                url: string;
                /** @enum {string} */
                contentType: "image/png" | "image/jpeg";
                width: number;
                height: number;
                bytes: number;
                /** Format: date-time */
                uploadedAt: string;
            };
            /** @description 0 until the profile is first saved */
            version: number;
            /** Format: date-time */
            updatedAt?: string;
            /**
             * @description for each document, the profile fields it needs that are not set (an Arabic document also needs legalName.ar); empty when it can be generated
             * @example {
             *       "customs-invoice": [
             *         "stamp"
             *       ],
             *       "proforma-invoice": [],
             *       "contract": [
             *         "stamp"
             *       ]
             *     }
             */
            missing: {
                "customs-invoice": string[];
                "proforma-invoice": string[];
                contract: string[];
            };
            /**
             * @description the same for the document in Arabic: what it needs that is not set (legalName.ar besides); empty when it can be generated in Arabic
             * @example {
             *       "customs-invoice": [
             *         "legalName.ar",
             *         "stamp"
             *       ],
             *       "proforma-invoice": [
             *         "legalName.ar"
             *       ],
             *       "contract": [
             *         "legalName.ar",
             *         "stamp"
             *       ]
             *     }
             */
            missingInArabic: {
                "customs-invoice": string[];
                "proforma-invoice": string[];
                contract: string[];
            };
        };
        /** ImportRule */
        ImportRule: {
            /**
             * @description ISO 3166-1 alpha-2
             * @example KW
             */
            country: string;
            /** @description oldest a car may be, in whole years; no limit when absent */
            maxAgeYears?: number;
            /**
             * @description where the age starts: the model year (its 1 January) or the first registration
             * @enum {string}
             */
            ageCountedFrom: "model-year" | "first-registration";
            /**
             * @description the day the age is counted to: the order date, or the arrival (the ETA, else 60 days after the order)
             * @enum {string}
             */
            ageCountedTo: "order" | "arrival";
            refusedDamage: ("accident" | "total_loss" | "flood")[];
            /** @description engine sizes let in, in cc */
            engine?: {
                minCc?: number;
                maxCc?: number;
            };
            fuelTypesRefused: ("Gasoline" | "Diesel" | "LPG" | "Hybrid" | "Electric" | "Hydrogen")[];
            /** @description what the buyer will need at the destination */
            documents: string[];
            /** @description what the exporter needs on the Korean side */
            permits: components["schemas"]["ImportPermit"][];
            note: string;
            /** @description the document or page the figures come from */
            source: string;
            /**
             * Format: date
             * @description the day the source was read
             */
            asOf: string;
            /** @description false while the figure rests on secondary sources only */
            confirmed: boolean;
            /**
             * @description the platform's default, or the tenant's own version
             * @enum {string}
             */
            origin: "default" | "tenant";
            version: number;
            /** Format: date-time */
            updatedAt?: string;
            updatedBy?: string;
        };
        /** Me */
        Me: {
            /** @example k7Hq2mXbR4sVw9Lc8NpZ3tYa */
            keyId: string;
            /** @enum {string} */
            role: "admin" | "operations" | "accountant" | "marketer" | "inspector" | "integrator";
            /**
             * @description as the key was issued: `*` for every route its role may call
             * @example [
             *       "*"
             *     ]
             */
            allowedRoutes: string[];
            /**
             * @description the routes this key may call, as `METHOD /path`
             * @example [
             *       "GET /api/v1/orders",
             *       "POST /api/v1/orders"
             *     ]
             */
            routes: string[];
            /** @description null: the key does not expire */
            expiresAt: string | null;
            /** @description null for platform staff */
            tenant: {
                id: string;
                /** @example Gulf Motors */
                name: string;
                /** @enum {string} */
                defaultLanguage: "en" | "ar";
                /**
                 * @description IANA zone of the tenant's dates
                 * @example Asia/Dubai
                 */
                timeZone: string;
            } | null;
            /** @description the staff user the key stands for; null for a key of no user (an integrator) */
            user: {
                id: string;
                /** @example Omar Saleh */
                name: string;
                /** @enum {string} */
                language: "en" | "ar";
            } | null;
        };
        /** ApiKey */
        ApiKey: {
            id: string;
            name: string;
            /** @description first characters of the key, to recognise it */
            prefix: string;
            /** @enum {string} */
            role: "admin" | "operations" | "accountant" | "marketer" | "inspector" | "integrator";
            tenantId?: string;
            /** @description the staff user the key stands for */
            userId?: string;
            allowedRoutes: string[];
            rateLimit?: {
                [key: string]: number;
            };
            /** Format: date-time */
            createdAt: string;
            createdBy?: string;
            /** Format: date-time */
            expiresAt?: string;
            /** Format: date-time */
            revokedAt?: string;
            /** Format: date-time */
            disabledAt?: string;
            /** @description the key that replaced this one */
            rotatedTo?: string;
            /** @description kept to the minute */
            lastUsedAt?: string;
        };
        /** AuditRecord */
        AuditRecord: {
            id: string;
            tenantId?: string;
            /** Format: date-time */
            at: string;
            actor: {
                keyId: string;
                userId?: string;
                role: string;
            };
            requestId?: string;
            /** @enum {string} */
            entity: "order" | "billing" | "contract" | "inspection" | "wallet" | "customer" | "user" | "apiKey" | "tenant" | "webhookEndpoint" | "importRule";
            entityId: string;
            action: string;
            changes: {
                [key: string]: {
                    before?: unknown;
                    after?: unknown;
                };
            };
        };
        /** WebhookEndpoint */
        WebhookEndpoint: {
            id: string;
            tenantId?: string;
            url: string;
            description?: string;
            eventTypes: ("order.created" | "order.status_changed" | "order.updated" | "order.pictures_archived" | "order.pictures_archive_failed" | "contract.sent" | "contract.signed" | "billing_entry.created" | "billing_entry.confirmed" | "inspection.created" | "inspection.status_changed" | "wallet.transaction_created" | "car.removed" | "car.repriced")[];
            enabled: boolean;
            /** Format: date-time */
            disabledAt?: string;
            /**
             * @description `failing`: the service disabled it after it failed every attempt for the documented time
             * @enum {string}
             */
            disabledReason?: "failing" | "manual";
            /** @description the first failed attempt since the last delivered one */
            failingSince?: string;
            consecutiveFailures: number;
            lastSuccessAt?: string;
            lastFailureAt?: string;
            /** @description the start of the current signing secret, to tell secrets apart; the secret itself is shown only when created or rotated */
            secretPrefix: string;
            /** @description after a rotation, deliveries are signed with the old secret too until then */
            previousSecretExpiresAt?: string;
            /** Format: date-time */
            deletedAt?: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            version: number;
        };
        /** WebhookDelivery */
        WebhookDelivery: {
            /** @description the event id (the `webhook-id` header) */
            id: string;
            endpointId: string;
            eventType: string;
            eventTimestamp: string;
            /**
             * @description `pending`: not attempted yet (due, or waiting behind an earlier event of its resource). `retrying`: attempted and failed; tried again at `nextAttemptAt` (`lastError` says why it failed). `delivered`: a 2xx answer. `failed`: every attempt failed (about 27.6 hours of retries); replay it when the receiver is fixed. `cancelled`: the endpoint was deleted before it was delivered.
             * @enum {string}
             */
            status: "pending" | "retrying" | "delivered" | "failed" | "cancelled";
            /** @description attempts in the current round (a replay starts a new one) */
            attempts: number;
            /** @description when pending or retrying: when it is tried next (absent while the endpoint is disabled: its deliveries wait until it is enabled again) */
            nextAttemptAt?: string;
            /** @description when retrying or failed: why the last attempt failed (`HTTP 503`, `no answer within 10 s`, a connection error...) */
            lastError?: string;
            deliveredAt?: string;
            failedAt?: string;
            replayed?: boolean;
            /** @description every attempt, oldest first (the last 50) */
            attemptLog: {
                at: string;
                /** @description the receiver's answer; absent when it never answered */
                statusCode?: number;
                latencyMs: number;
                error?: string;
                /** @description the start of the receiver's answer */
                response?: string;
                replay?: boolean;
            }[];
            /** @description the exact body sent (on the single-delivery read) */
            payload?: unknown;
        };
        /** Event */
        Event: {
            id: string;
            /** @enum {string} */
            type: "order.created" | "order.status_changed" | "order.updated" | "order.pictures_archived" | "order.pictures_archive_failed" | "contract.sent" | "contract.signed" | "billing_entry.created" | "billing_entry.confirmed" | "inspection.created" | "inspection.status_changed" | "wallet.transaction_created" | "car.removed" | "car.repriced";
            /** Format: date-time */
            timestamp: string;
            tenantId?: string;
            resource: {
                /** @enum {string} */
                type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                id: string;
            };
            /** @description the resource as its GET returns it, and the type's facts: see the `webhooks` section */
            data: {
                object: {
                    [key: string]: unknown;
                };
            } & {
                [key: string]: unknown;
            };
        };
        Error: {
            /** @constant */
            success: false;
            /** @description what went wrong, for people */
            error: string;
            statusCode: number;
            /** @description stable machine-readable code, e.g. VALIDATION_ERROR */
            code: string;
            /** @description every problem found, one entry per field; left out when the message says it all */
            details?: ({
                /** @description where the problem is: body.x, query.x, path.x, or a header name */
                field?: string;
                /** @description one plain sentence */
                message: string;
            } & {
                [key: string]: unknown;
            })[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listCustomers: {
        parameters: {
            query?: {
                /** @description the beginning of a name, or a phone number with its country code */
                q?: string;
                limit?: number;
                /** @description meta.nextCursor of the previous page */
                cursor?: string;
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: customers whose name begins with "Lay" */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "name": "Layla Haddad",
                     *           "mobileNumber": "+971501234567",
                     *           "email": "layla@example.com",
                     *           "country": "AE",
                     *           "language": "ar",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "walletId": "wa96e1wh83dvnvnnoymvpaqnd",
                     *           "createdAt": "2026-11-16T09:04:30.233Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 20
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CustomerSummary"][];
                        meta: {
                            limit: number;
                            /** @description pass as cursor for the next page; absent on the last page */
                            nextCursor?: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retries with the same key and body return the original response; the same key with another body gets 409 IDEMPOTENCY_KEY_REUSED.
                 * @example order-2026-03-14-0001
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Layla Haddad",
                 *       "mobileNumber": "+971501234567",
                 *       "email": "layla@example.com",
                 *       "country": "AE",
                 *       "language": "ar",
                 *       "walletCurrency": "USD"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /**
                     * Format: phone
                     * @description with its country code, e.g. +971501234567; stored in E.164
                     */
                    mobileNumber: string;
                    /** Format: email */
                    email?: string;
                    /** @example P1234567 */
                    idNumber?: string;
                    country?: string;
                    /** @example Dubai Marina, Dubai */
                    address?: string;
                    /**
                     * @description language of the customer's chat messages; when absent, the tenant's default language (English unless the tenant set another)
                     * @enum {string}
                     */
                    language?: "en" | "ar";
                    /**
                     * Format: currency
                     * @description ISO 4217 wallet currency, default USD
                     */
                    walletCurrency?: string;
                    /** @description CUID */
                    tenantId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "name": "Layla Haddad",
                     *         "mobileNumber": "+971501234567",
                     *         "email": "layla@example.com",
                     *         "idNumber": "P4471029",
                     *         "country": "AE",
                     *         "address": "Dubai Marina, Dubai",
                     *         "language": "ar",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "walletId": "wa96e1wh83dvnvnnoymvpaqnd",
                     *         "createdAt": "2026-11-16T09:04:30.233Z",
                     *         "updatedAt": "2026-11-16T09:04:30.233Z",
                     *         "walletBalance": 0,
                     *         "walletCurrency": "USD"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **IDEMPOTENCY_KEY_REUSED**: the Idempotency-Key was already used with a different body
             *
             *     **DUPLICATE**: a unique value is taken, e.g. the mobile number in this tenant
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "country": "AE",
                     *         "walletId": "wa96e1wh83dvnvnnoymvpaqnd",
                     *         "address": "Dubai Marina, Dubai",
                     *         "mobileNumber": "+971501234567",
                     *         "language": "ar",
                     *         "idNumber": "P4471029",
                     *         "createdAt": "2026-11-16T09:04:30.233Z",
                     *         "name": "Layla Haddad",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "email": "layla@example.com",
                     *         "updatedAt": "2026-11-16T09:04:30.233Z",
                     *         "walletBalance": 0,
                     *         "walletCurrency": "USD"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Customer"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    searchCustomers: {
        parameters: {
            query: {
                /** @description with its country code; in a query string write the + as %2B, e.g. phone=%2B971501234567 */
                phone: string;
                exact?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "name": "Layla Haddad",
                     *           "mobileNumber": "+971501234567",
                     *           "tenantId": "demotenantgulfmotors0001"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CustomerMatch"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWalletTransactions: {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "hmyn70oyvytg67ef2a2foy3z",
                     *           "type": "payment_deduction",
                     *           "amount": 12000,
                     *           "delta": -12000,
                     *           "balanceAfter": 8000,
                     *           "currency": "USD",
                     *           "description": "Payment for order #2",
                     *           "orderId": "a4naswn7zgkmf6xyti8fkbcq",
                     *           "createdAt": "2026-11-16T09:56:30.481Z"
                     *         },
                     *         {
                     *           "id": "x31fcn0kpic79atai7kep35x",
                     *           "type": "credit",
                     *           "amount": 20000,
                     *           "delta": 20000,
                     *           "balanceAfter": 20000,
                     *           "currency": "USD",
                     *           "description": "Top-up by bank transfer",
                     *           "createdAt": "2026-11-16T09:55:00.070Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 1,
                     *         "limit": 5,
                     *         "total": 2,
                     *         "totalPages": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WalletTransaction"][];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                            /** @description with ?currency: the rate convertedPrice uses */
                            currency?: {
                                /** @example QAR */
                                code: string;
                                /**
                                 * @description units of code per KRW, as a decimal string; null when no rate is known
                                 * @example 0.0026208
                                 */
                                rate: string | null;
                                /** @description why rate is null (convertedPrice is then null) */
                                reason?: string;
                            };
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWalletTransaction: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retries with the same key and body return the original response; the same key with another body gets 409 IDEMPOTENCY_KEY_REUSED.
                 * @example order-2026-03-14-0001
                 */
                "Idempotency-Key"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "credit",
                 *       "amount": 5000,
                 *       "currency": "USD",
                 *       "description": "Top-up by bank transfer"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "credit" | "debit" | "adjustment" | "refund";
                    amount: number;
                    /**
                     * Format: currency
                     * @description ISO 4217 code, e.g. USD
                     */
                    currency: string;
                    description: string;
                    /**
                     * @description required for adjustment, refused otherwise
                     * @enum {string}
                     */
                    direction?: "increase" | "decrease";
                    /** @description CUID */
                    orderId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "transaction": {
                     *           "id": "x31fcn0kpic79atai7kep35x",
                     *           "type": "credit",
                     *           "amount": 20000,
                     *           "delta": 20000,
                     *           "balanceAfter": 20000,
                     *           "currency": "USD",
                     *           "description": "Top-up by bank transfer",
                     *           "createdAt": "2026-11-16T09:55:00.070Z"
                     *         },
                     *         "wallet": {
                     *           "id": "wa96e1wh83dvnvnnoymvpaqnd",
                     *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "balance": 20000,
                     *           "currency": "USD",
                     *           "createdAt": "2026-11-16T09:04:30.233Z",
                     *           "updatedAt": "2026-11-16T09:55:00.070Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            transaction: components["schemas"]["WalletTransaction"];
                            wallet: components["schemas"]["Wallet"];
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **IDEMPOTENCY_KEY_REUSED**: the Idempotency-Key was already used with a different body */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **WALLET_CURRENCY_MISMATCH**: the amount is in another currency than the wallet (amounts are never converted)
             *
             *     **WALLET_INSUFFICIENT_BALANCE**: the wallet balance does not cover the amount
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomerWallet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "wa96e1wh83dvnvnnoymvpaqnd",
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "balance": 0,
                     *         "currency": "USD",
                     *         "createdAt": "2026-11-16T09:04:30.233Z",
                     *         "updatedAt": "2026-11-16T09:04:30.233Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Wallet"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCar: {
        parameters: {
            query?: {
                /** @description ISO 4217 display currency; adds convertedPrice */
                currency?: string;
                /** @description selects another tenant's storefront (markup and inventory) */
                customerSubdomain?: string;
                /** @description destination country (ISO 3166-1 alpha-2): only cars its import rules let in (GET /import-rules/{country}), for the key's tenant */
                importableTo?: string;
            };
            header?: never;
            path: {
                /** @example 1 */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "damage": [
                     *           "accident"
                     *         ],
                     *         "color": "White",
                     *         "year": 2012,
                     *         "city": "Incheon",
                     *         "generationCode": "L43",
                     *         "title": "Renault Korea SM5 L43 2.0 RE",
                     *         "seats": 5,
                     *         "firstRegistration": "2012-12",
                     *         "gradeEn": "RE",
                     *         "createdAt": "2026-08-13T20:45:09.000Z",
                     *         "modelEn": "SM5 L43",
                     *         "transmission": "CVT",
                     *         "provider": "glovis",
                     *         "price": 340,
                     *         "options": [
                     *           "Navigation",
                     *           "Rear camera",
                     *           "Parking sensors"
                     *         ],
                     *         "vin": "KNMB6GW99C6907398",
                     *         "displacement": 1998,
                     *         "advertisementNumber": "GL11338740",
                     *         "gradeDetailEn": "2.0 RE",
                     *         "id": 17,
                     *         "vehicleType": "Sedan",
                     *         "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *         "images": [
                     *           "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *           "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *           "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *         ],
                     *         "drivetrain": "2WD",
                     *         "published": true,
                     *         "modelGroupEn": "SM5",
                     *         "auctionDate": "2026-10-12",
                     *         "fuelType": "Gasoline",
                     *         "kilometers": 151155,
                     *         "makeEn": "Renault Korea",
                     *         "ownerChanges": 1,
                     *         "availability": "available",
                     *         "convertedPrice": 2643.84,
                     *         "convertedCurrency": "USD"
                     *       },
                     *       "meta": {
                     *         "currency": {
                     *           "code": "USD",
                     *           "rate": "0.00072"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CarDetail"];
                        /** @description given with ?currency */
                        meta?: {
                            /** @description with ?currency: the rate convertedPrice uses */
                            currency: {
                                /** @example QAR */
                                code: string;
                                /**
                                 * @description units of code per KRW, as a decimal string; null when no rate is known
                                 * @example 0.0026208
                                 */
                                rate: string | null;
                                /** @description why rate is null (convertedPrice is then null) */
                                reason?: string;
                            };
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCars: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                sortBy?: "price" | "year" | "kilometers" | "createdAt" | "auctionDate";
                sortOrder?: "asc" | "desc";
                makeEn?: string;
                modelEn?: string;
                /** @description comma-separated make or make:model pairs, e.g. Hyundai:Grandeur IG,Kia */
                makeModel?: string;
                modelGroupEn?: string;
                generationCode?: string;
                gradeEn?: string;
                /** @description raw grade values joined with |||, as the trims lookup gives them */
                trim?: string;
                yearFrom?: number;
                yearTo?: number;
                /** @description 10,000 KRW units */
                priceFrom?: number;
                /** @description 10,000 KRW units */
                priceTo?: number;
                kmFrom?: number;
                kmTo?: number;
                fuelType?: string;
                transmission?: string;
                vehicleType?: string;
                color?: string;
                drivetrain?: string;
                provider?: "glovis" | "kcar" | "lotte" | "sk" | "autohub" | "heydealer";
                published?: boolean;
                search?: string;
                /** @description Mirror the catalogue: only the cars whose change reached the list after this instant, removals included (as {id, provider, advertisementNumber, availability, removedAt}), oldest change first, each with changedAt. Pass the greatest changedAt you have as the next updatedSince. Combines with provider, fields, currency, customerSubdomain, page and limit only; reaches back CATALOGUE_CHANGES_DAYS (30 days). */
                updatedSince?: string;
                /** @description comma-separated projection; any of id, advertisementNumber, title, makeEn, modelGroupEn, modelEn, generationCode, gradeEn, gradeDetailEn, year, price, fuelType, transmission, vehicleType, color, drivetrain, kilometers, provider, city, auctionDate, published, thumbnailUrl, options, damage, createdAt, and convertedPrice, convertedCurrency with ?currency */
                fields?: string;
                /** @description comma-separated damage kinds to exclude: accident, total_loss, flood */
                damage?: string;
                /** @description comma-separated options every car must have */
                options?: string;
                city?: string;
                /** @description ISO 4217 display currency; adds convertedPrice */
                currency?: string;
                /** @description selects another tenant's storefront (markup and inventory) */
                customerSubdomain?: string;
                /** @description destination country (ISO 3166-1 alpha-2): only cars its import rules let in (GET /import-rules/{country}), for the key's tenant */
                importableTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the two cheapest cars the UAE takes, priced in US dollars for this tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": 17,
                     *           "provider": "glovis",
                     *           "advertisementNumber": "GL11338740",
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "makeEn": "Renault Korea",
                     *           "modelGroupEn": "SM5",
                     *           "modelEn": "SM5 L43",
                     *           "generationCode": "L43",
                     *           "gradeEn": "RE",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "year": 2012,
                     *           "kilometers": 151155,
                     *           "price": 340,
                     *           "fuelType": "Gasoline",
                     *           "transmission": "CVT",
                     *           "vehicleType": "Sedan",
                     *           "color": "White",
                     *           "drivetrain": "2WD",
                     *           "city": "Incheon",
                     *           "options": [
                     *             "Navigation",
                     *             "Rear camera",
                     *             "Parking sensors"
                     *           ],
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "published": true,
                     *           "auctionDate": "2026-10-12",
                     *           "createdAt": "2026-08-13T20:45:09.000Z",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "convertedPrice": 2643.84,
                     *           "convertedCurrency": "USD"
                     *         },
                     *         {
                     *           "id": 182,
                     *           "provider": "autohub",
                     *           "advertisementNumber": "AH13175193",
                     *           "title": "Renault Korea SM5 L43 2.0 SE",
                     *           "makeEn": "Renault Korea",
                     *           "modelGroupEn": "SM5",
                     *           "modelEn": "SM5 L43",
                     *           "generationCode": "L43",
                     *           "gradeEn": "SE",
                     *           "gradeDetailEn": "2.0 SE",
                     *           "year": 2017,
                     *           "kilometers": 191648,
                     *           "price": 380,
                     *           "fuelType": "Gasoline",
                     *           "transmission": "CVT",
                     *           "vehicleType": "Sedan",
                     *           "color": "Blue",
                     *           "drivetrain": "2WD",
                     *           "city": "Busan",
                     *           "options": [
                     *             "Navigation",
                     *             "Heated seats",
                     *             "Heated steering wheel"
                     *           ],
                     *           "damage": [],
                     *           "published": true,
                     *           "auctionDate": "2026-10-11",
                     *           "createdAt": "2026-09-27T08:56:57.000Z",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-blue-thumb.svg",
                     *           "convertedPrice": 2954.88,
                     *           "convertedCurrency": "USD"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 1,
                     *         "limit": 2,
                     *         "total": 175,
                     *         "totalPages": 88,
                     *         "currency": {
                     *           "code": "USD",
                     *           "rate": "0.00072"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CarListItem"][];
                        meta: {
                            page: number;
                            limit: number;
                            total: number;
                            totalPages: number;
                            /** @description with ?currency: the rate convertedPrice uses */
                            currency?: {
                                /** @example QAR */
                                code: string;
                                /**
                                 * @description units of code per KRW, as a decimal string; null when no rate is known
                                 * @example 0.0026208
                                 */
                                rate: string | null;
                                /** @description why rate is null (convertedPrice is then null) */
                                reason?: string;
                            };
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTrims: {
        parameters: {
            query: {
                makeEn: string;
                modelEn?: string;
                /** @description selects another tenant's storefront (markup and inventory) */
                customerSubdomain?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "label": "LE",
                     *           "values": [
                     *             "2.0 LPe LE"
                     *           ],
                     *           "count": 1
                     *         },
                     *         {
                     *           "label": "RE",
                     *           "values": [
                     *             "2.0 GDe RE Plus",
                     *             "2.0 RE"
                     *           ],
                     *           "count": 2
                     *         },
                     *         {
                     *           "label": "SE",
                     *           "values": [
                     *             "2.0 GDe SE",
                     *             "2.0 LPe SE",
                     *             "2.0 SE"
                     *           ],
                     *           "count": 4
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            label: string;
                            values: string[];
                            count: number;
                        }[];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmFeedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the feed file id, as the status and the list give it
                 * @example 5f0c2d8e9a7b4c1d3e6f8a0b2c4d6e8f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the provider really sold them: applied by the next run of the import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "cursor": 0,
                     *         "counts": {
                     *           "read": 0,
                     *           "removed": 0,
                     *           "refused": 0,
                     *           "created": 0,
                     *           "unchanged": 0,
                     *           "updated": 0,
                     *           "repriced": 0
                     *         },
                     *         "startedAt": "2026-11-16T10:42:30.085Z",
                     *         "receivedAt": "2026-11-16T10:40:00.400Z",
                     *         "provider": "lotte",
                     *         "id": "4067193fa8fd567f91b92efb27eb5d43",
                     *         "key": "feeds/lotte/full/2026-11-26-0500.ndjson",
                     *         "updatedAt": "2026-11-16T10:43:30.359Z",
                     *         "phase": "scan",
                     *         "kind": "full",
                     *         "removals": {
                     *           "limit": 0.3,
                     *           "share": 1,
                     *           "listed": 38,
                     *           "removing": 38
                     *         },
                     *         "gzip": false,
                     *         "steps": 0,
                     *         "refusedLines": [],
                     *         "size": 1199,
                     *         "etag": "415abf4d52685d05cf5956a0e98c20fc",
                     *         "status": "importing",
                     *         "confirmedBy": "rurih0fhgwfe6egs3pongghm",
                     *         "confirmedAt": "2026-11-16T10:43:30.359Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedFileSummary"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    discardFeedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the feed file id, as the status and the list give it
                 * @example 5f0c2d8e9a7b4c1d3e6f8a0b2c4d6e8f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the provider sent a cut-down list by mistake: nothing changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "cursor": 0,
                     *         "reason": "discarded by rurih0fhgwfe6egs3pongghm",
                     *         "counts": {
                     *           "read": 0,
                     *           "removed": 0,
                     *           "refused": 0,
                     *           "created": 0,
                     *           "unchanged": 0,
                     *           "updated": 0,
                     *           "repriced": 0
                     *         },
                     *         "startedAt": "2026-11-16T10:38:00.852Z",
                     *         "receivedAt": "2026-11-16T10:33:30.619Z",
                     *         "provider": "sk",
                     *         "id": "68a3ac777f4d23913b9ce1f02ef12682",
                     *         "key": "feeds/sk/full/2026-11-26-0500.ndjson",
                     *         "updatedAt": "2026-11-16T10:40:01.453Z",
                     *         "phase": "done",
                     *         "kind": "full",
                     *         "removals": {
                     *           "limit": 0.3,
                     *           "share": 1,
                     *           "listed": 18,
                     *           "removing": 18
                     *         },
                     *         "gzip": false,
                     *         "steps": 0,
                     *         "refusedLines": [],
                     *         "size": 1193,
                     *         "etag": "386ab33f4e93e24bbd43a5a532de7f3f",
                     *         "status": "discarded",
                     *         "confirmedBy": "rurih0fhgwfe6egs3pongghm",
                     *         "finishedAt": "2026-11-16T10:40:01.453Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedFileSummary"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCatalogueStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: sk's full list is held: it would remove nearly all of sk's cars */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "snapshot": {
                     *           "version": "2026-12-08T01-44-14-415Z-p239ii18",
                     *           "cars": 199,
                     *           "createdAt": "2026-11-16T10:34:02.862Z"
                     *         },
                     *         "settings": {
                     *           "maxRemovalShare": 0.3,
                     *           "staleAfterHours": 36
                     *         },
                     *         "providers": [
                     *           {
                     *             "provider": "glovis",
                     *             "lastFeedAt": "2026-11-16T10:31:33.230Z",
                     *             "lastGoodFeedAt": "2026-11-16T10:31:33.230Z",
                     *             "stale": false,
                     *             "listedCars": 53,
                     *             "lastFile": {
                     *               "phase": "done",
                     *               "cursor": 0,
                     *               "kind": "delta",
                     *               "counts": {
                     *                 "read": 3,
                     *                 "removed": 0,
                     *                 "refused": 2,
                     *                 "created": 0,
                     *                 "unchanged": 0,
                     *                 "updated": 1,
                     *                 "repriced": 1
                     *               },
                     *               "startedAt": "2026-11-16T10:31:31.124Z",
                     *               "gzip": false,
                     *               "receivedAt": "2026-11-16T10:25:30.427Z",
                     *               "steps": 1,
                     *               "finishedAt": "2026-11-16T10:31:35.336Z",
                     *               "size": 1316,
                     *               "provider": "glovis",
                     *               "etag": "ab8690c8587173f3a25541289341d345",
                     *               "id": "d80a9c6955b386d659658da26354acfc",
                     *               "snapshotVersion": "2026-12-08T01-44-12-188Z-sif9jqb8",
                     *               "key": "feeds/glovis/delta/2026-11-26-0600-17.ndjson",
                     *               "events": 1,
                     *               "status": "applied",
                     *               "updatedAt": "2026-11-16T10:31:35.336Z"
                     *             },
                     *             "openFiles": []
                     *           },
                     *           {
                     *             "provider": "kcar",
                     *             "lastFeedAt": null,
                     *             "lastGoodFeedAt": null,
                     *             "stale": false,
                     *             "listedCars": null,
                     *             "lastFile": null,
                     *             "openFiles": []
                     *           },
                     *           {
                     *             "provider": "lotte",
                     *             "lastFeedAt": null,
                     *             "lastGoodFeedAt": null,
                     *             "stale": false,
                     *             "listedCars": null,
                     *             "lastFile": null,
                     *             "openFiles": []
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["CatalogueStatus"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFeedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the feed file id, as the status and the list give it
                 * @example 5f0c2d8e9a7b4c1d3e6f8a0b2c4d6e8f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a delta: one car sold, one line naming a car the catalogue never had, one cut-off line */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "phase": "done",
                     *         "cursor": 0,
                     *         "kind": "delta",
                     *         "counts": {
                     *           "read": 3,
                     *           "removed": 1,
                     *           "refused": 2,
                     *           "created": 0,
                     *           "unchanged": 0,
                     *           "updated": 0,
                     *           "repriced": 0
                     *         },
                     *         "startedAt": "2026-11-16T10:34:00.756Z",
                     *         "gzip": false,
                     *         "receivedAt": "2026-11-16T10:31:30.071Z",
                     *         "steps": 1,
                     *         "refusedLines": [
                     *           {
                     *             "reason": "no car of autohub with advertisementNumber \"KC-0000000\" is in the catalogue",
                     *             "line": 2
                     *           },
                     *           {
                     *             "reason": "not JSON: Unexpected end of JSON input",
                     *             "line": 3
                     *           }
                     *         ],
                     *         "finishedAt": "2026-11-16T10:34:04.968Z",
                     *         "size": 178,
                     *         "provider": "autohub",
                     *         "etag": "dc04e5f12e790f214c7d26dfb41d74b3",
                     *         "id": "c277d2210bccf561b967be94380f8fc9",
                     *         "snapshotVersion": "2026-12-08T01-44-14-415Z-p239ii18",
                     *         "key": "feeds/autohub/delta/2026-11-26-0600-182.ndjson",
                     *         "events": 1,
                     *         "status": "applied",
                     *         "updatedAt": "2026-11-16T10:34:04.968Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedFileReport"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listFeedFiles: {
        parameters: {
            query?: {
                provider?: "glovis" | "kcar" | "lotte" | "sk" | "autohub" | "heydealer";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "cursor": 0,
                     *           "reason": "this full list would remove 18 of sk's 18 cars (100%), more than the 30% a feed may remove unconfirmed; confirm it if the provider really sold or withdrew them",
                     *           "counts": {
                     *             "read": 0,
                     *             "removed": 0,
                     *             "refused": 0,
                     *             "created": 0,
                     *             "unchanged": 0,
                     *             "updated": 0,
                     *             "repriced": 0
                     *           },
                     *           "startedAt": "2026-11-16T10:38:00.852Z",
                     *           "receivedAt": "2026-11-16T10:33:30.619Z",
                     *           "provider": "sk",
                     *           "id": "68a3ac777f4d23913b9ce1f02ef12682",
                     *           "key": "feeds/sk/full/2026-11-26-0500.ndjson",
                     *           "updatedAt": "2026-11-16T10:38:01.905Z",
                     *           "phase": "scan",
                     *           "kind": "full",
                     *           "removals": {
                     *             "limit": 0.3,
                     *             "share": 1,
                     *             "listed": 18,
                     *             "removing": 18
                     *           },
                     *           "gzip": false,
                     *           "steps": 0,
                     *           "size": 1193,
                     *           "etag": "386ab33f4e93e24bbd43a5a532de7f3f",
                     *           "status": "held"
                     *         },
                     *         {
                     *           "phase": "done",
                     *           "cursor": 0,
                     *           "kind": "delta",
                     *           "counts": {
                     *             "read": 3,
                     *             "removed": 1,
                     *             "refused": 2,
                     *             "created": 0,
                     *             "unchanged": 0,
                     *             "updated": 0,
                     *             "repriced": 0
                     *           },
                     *           "startedAt": "2026-11-16T10:34:00.756Z",
                     *           "gzip": false,
                     *           "receivedAt": "2026-11-16T10:31:30.071Z",
                     *           "steps": 1,
                     *           "finishedAt": "2026-11-16T10:34:04.968Z",
                     *           "size": 178,
                     *           "provider": "autohub",
                     *           "etag": "dc04e5f12e790f214c7d26dfb41d74b3",
                     *           "id": "c277d2210bccf561b967be94380f8fc9",
                     *           "snapshotVersion": "2026-12-08T01-44-14-415Z-p239ii18",
                     *           "key": "feeds/autohub/delta/2026-11-26-0600-182.ndjson",
                     *           "events": 1,
                     *           "status": "applied",
                     *           "updatedAt": "2026-11-16T10:34:04.968Z"
                     *         },
                     *         {
                     *           "phase": "done",
                     *           "cursor": 0,
                     *           "kind": "delta",
                     *           "counts": {
                     *             "read": 3,
                     *             "removed": 0,
                     *             "refused": 2,
                     *             "created": 0,
                     *             "unchanged": 0,
                     *             "updated": 1,
                     *             "repriced": 1
                     *           },
                     *           "startedAt": "2026-11-16T10:31:31.124Z",
                     *           "gzip": false,
                     *           "receivedAt": "2026-11-16T10:25:30.427Z",
                     *           "steps": 1,
                     *           "finishedAt": "2026-11-16T10:31:35.336Z",
                     *           "size": 1316,
                     *           "provider": "glovis",
                     *           "etag": "ab8690c8587173f3a25541289341d345",
                     *           "id": "d80a9c6955b386d659658da26354acfc",
                     *           "snapshotVersion": "2026-12-08T01-44-12-188Z-sif9jqb8",
                     *           "key": "feeds/glovis/delta/2026-11-26-0600-17.ndjson",
                     *           "events": 1,
                     *           "status": "applied",
                     *           "updatedAt": "2026-11-16T10:31:35.336Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FeedFileSummary"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addCustomsDocuments: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "1"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "documents": [
                 *         {}
                 *       ],
                 *       "version": 1
                 *     }
                 */
                "application/json": {
                    documents: {
                        [key: string]: unknown;
                    }[];
                    /** @description the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "documents": [
                     *           {
                     *             "type": "export-certificate",
                     *             "url": "https://files.example.com/customs/ec-1042.pdf",
                     *             "uploadedAt": "2026-11-15T09:05:00.402Z"
                     *           }
                     *         ],
                     *         "version": 11,
                     *         "updatedAt": "2026-11-16T09:35:00.590Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            documents: {
                                [key: string]: unknown;
                            }[];
                            version: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeOrderStatus: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. Send it or body.version. When both are sent they must name the same version.
                 * @example "2"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "DepositConfirmed",
                 *       "version": 2,
                 *       "note": "Deposit received in full"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                    /** @description the order's current version (from its last read); may be sent as an If-Match header instead */
                    version?: number;
                    /** Format: date-time */
                    inspectionDate?: string;
                    note?: string;
                };
            };
        };
        responses: {
            /** @description Success: If-Match and body.version name the same version; the answer carries the next one */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "DepositConfirmed",
                     *         "allowedStatusTransitions": [
                     *           "Cancelled"
                     *         ],
                     *         "progress": 10,
                     *         "canCancel": true,
                     *         "isTerminal": false,
                     *         "version": 3,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": null,
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:16:30.521Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_TRANSITION**: the lifecycle does not have this move, or a requirement of the target status is missing (details say which, and what is reachable now) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countOrders: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: how many of the tenant's orders are in each status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "counts": {
                     *           "DepositSubmitted": 0,
                     *           "DepositConfirmed": 0,
                     *           "InspectionScheduled": 0,
                     *           "InspectionCompleted": 0,
                     *           "ContractSigned": 0,
                     *           "PaymentSubmitted": 0,
                     *           "PaymentConfirmed": 0,
                     *           "Purchased": 0,
                     *           "Shipped": 0,
                     *           "Delivered": 1,
                     *           "Cancelled": 0
                     *         },
                     *         "total": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["OrderCounts"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrders: {
        parameters: {
            query?: {
                page?: number;
                limit?: number;
                status?: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                /** @description CUID */
                customerId?: string;
                /** @description CUID */
                marketerId?: string;
                /** @description the one order with this number (with the other filters applied to it) */
                orderNumber?: number;
                createdFrom?: string;
                createdTo?: string;
                /** @description only the open orders whose car the destination's import rules in force now refuse, with no admin override (after a rule changed); paged by number, with total */
                importCheck?: "failing";
                /** @description meta.nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the first page; pass meta.nextCursor as cursor for the next */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "zj4o55u2a8448bf1ecnikz5b",
                     *           "orderNumber": 1,
                     *           "status": "Delivered",
                     *           "allowedStatusTransitions": [],
                     *           "progress": 100,
                     *           "canCancel": false,
                     *           "isTerminal": true,
                     *           "version": 24,
                     *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "carId": 17,
                     *           "carDetails": {
                     *             "damage": [
                     *               "accident"
                     *             ],
                     *             "priceUnit": "10000 KRW",
                     *             "color": "White",
                     *             "year": 2012,
                     *             "title": "Renault Korea SM5 L43 2.0 RE",
                     *             "firstRegistration": "2012-12",
                     *             "modelGroupEn": "SM5",
                     *             "auctionDate": "2026-10-12",
                     *             "carId": 17,
                     *             "gradeEn": "RE",
                     *             "modelEn": "SM5 L43",
                     *             "transmission": "CVT",
                     *             "fuelType": "Gasoline",
                     *             "provider": "glovis",
                     *             "price": 340,
                     *             "kilometers": 151155,
                     *             "displacement": 1998,
                     *             "vin": "KNMB6GW99C6907398",
                     *             "advertisementNumber": "GL11338740",
                     *             "gradeDetailEn": "2.0 RE",
                     *             "customerNotificationsEnabled": true,
                     *             "makeEn": "Renault Korea",
                     *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *             "images": [
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *             ]
                     *           },
                     *           "totalAmount": 18500,
                     *           "currency": "USD",
                     *           "notes": "Customer prefers a white car",
                     *           "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *           "paidFromWallet": false,
                     *           "depositReceiptId": null,
                     *           "imageArchive": {
                     *             "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *             "objectKeys": [
                     *               "orders/1/01-sedan-white-1.svg",
                     *               "orders/1/02-sedan-white-2.svg",
                     *               "orders/1/03-sedan-white-3.svg"
                     *             ],
                     *             "completedAt": "2026-11-16T09:09:00.466Z",
                     *             "status": "done"
                     *           },
                     *           "exportSteps": {
                     *             "completionReportDueBy": "2027-11-16",
                     *             "exportDeclaration": {
                     *               "date": "2026-11-16",
                     *               "loadBy": "2026-12-16",
                     *               "number": "12345-26-000123X",
                     *               "recordedBy": "demouseroperations000001",
                     *               "recordedAt": "2026-11-16T09:40:00.960Z"
                     *             },
                     *             "deregistration": {
                     *               "date": "2026-11-16",
                     *               "recordedBy": "demouseroperations000001",
                     *               "recordedAt": "2026-11-16T09:38:00.412Z",
                     *               "documentUrl": "https://files.example.com/export/dereg-1042.pdf"
                     *             },
                     *             "completionReport": {
                     *               "date": "2026-11-16",
                     *               "recordedBy": "demouseroperations000001",
                     *               "recordedAt": "2026-11-16T09:44:00.056Z",
                     *               "documentUrl": "https://files.example.com/export/completion-1042.pdf"
                     *             },
                     *             "bondedArea": {
                     *               "date": "2026-11-16",
                     *               "recordedBy": "demouseroperations000001",
                     *               "location": "Incheon bonded yard",
                     *               "recordedAt": "2026-11-16T09:39:30.823Z"
                     *             }
                     *           },
                     *           "shipment": {
                     *             "method": "roro",
                     *             "portOfDischarge": "AEJEA",
                     *             "voyage": "031W",
                     *             "ata": "2026-11-16",
                     *             "atd": "2026-11-16",
                     *             "carrier": "Hyundai Glovis",
                     *             "eta": "2026-12-08",
                     *             "etd": "2026-11-16",
                     *             "billOfLadingNumber": "GLVS2611BL0457",
                     *             "vessel": "Glovis Sirius",
                     *             "portOfLoading": "KRPTK",
                     *             "billOfLadingUrl": "https://files.example.com/export/bl-1042.pdf",
                     *             "bookingNumber": "BK-55121",
                     *             "updatedAt": "2026-11-16T09:44:30.193Z"
                     *           },
                     *           "destinationCountry": "AE",
                     *           "consignee": {
                     *             "country": "United Arab Emirates",
                     *             "address": "Office 12, Al Quoz Industrial Area 3",
                     *             "at": "2026-11-16T09:46:30.741Z",
                     *             "city": "Dubai",
                     *             "phone": "+971501234567",
                     *             "by": "demouseroperations000001",
                     *             "name": "Al Noor Trading LLC",
                     *             "notifyParty": "Al Futtaim Logistics, Jebel Ali Free Zone",
                     *             "givenBy": "staff",
                     *             "idNumber": "TL-1048833",
                     *             "email": "imports@alnoor.example"
                     *           },
                     *           "documentCourier": {
                     *             "carrier": "DHL",
                     *             "sentAt": "2026-11-16",
                     *             "at": "2026-11-16T09:48:30.289Z",
                     *             "trackingNumber": "1234567890"
                     *           },
                     *           "customer": {
                     *             "name": "Layla Haddad",
                     *             "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *             "email": "layla@example.com",
                     *             "mobileNumber": "+971501234567"
                     *           },
                     *           "createdAt": "2026-11-16T09:08:30.329Z",
                     *           "updatedAt": "2026-11-16T09:48:31.342Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "page": 1,
                     *         "limit": 1,
                     *         "total": 1,
                     *         "totalPages": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"][];
                        meta: {
                            page: number;
                            limit: number;
                            /** @description pass as cursor for the next page (one page read, whatever the list's size); absent on the last page */
                            nextCursor?: string;
                            /** @description given with the page that ends the list, reached by page number */
                            total?: number;
                            totalPages?: number;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Retries with the same key and body return the original response; the same key with another body gets 409 IDEMPOTENCY_KEY_REUSED.
                 * @example order-2026-03-14-0001
                 */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customerId": "ckx8k2m1p0000abcd1234efg",
                 *       "totalAmount": 18500,
                 *       "currency": "USD",
                 *       "carDetails": {
                 *         "makeEn": "Kia",
                 *         "modelEn": "Sorento",
                 *         "year": 2022,
                 *         "vin": "KNAPU81BDN7123456",
                 *         "color": "White",
                 *         "kilometers": 42000
                 *       },
                 *       "receiptAmount": 2000,
                 *       "receiptCurrency": "USD",
                 *       "receiptDescription": "Deposit by bank transfer"
                 *     }
                 */
                "application/json": {
                    /** @description CUID */
                    customerId: string;
                    carId?: number;
                    /** @description car snapshot (makeEn, modelEn, year, price, ...); at most 100 keys */
                    carDetails?: {
                        /** @default true */
                        customerNotificationsEnabled?: boolean;
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description CUID */
                    marketerId?: string;
                    /** @description CUID */
                    tenantId?: string;
                    totalAmount?: number;
                    /** @enum {string} */
                    currency?: "USD" | "KRW" | "AED";
                    /**
                     * @description internal notes, visible to staff
                     * @example Customer prefers a white car; ship via Jebel Ali
                     */
                    notes?: string;
                    receiptAmount?: number;
                    receiptCurrency?: string;
                    receiptDescription?: string;
                    /** Format: uri */
                    receiptFileUrl?: string;
                    /** @default false */
                    useWalletBalance?: boolean;
                    /** Format: date-time */
                    inspectionDate?: string;
                    /**
                     * @description where the car goes (ISO 3166-1 alpha-2); without it, the customer's country when it names one. The car is checked against its import rules
                     * @example KW
                     */
                    destinationCountry?: string;
                    importRuleOverride?: {
                        /**
                         * @description why the rules are overridden (at least 10 characters); admin only
                         * @example Buyer re-exports to Iraq; Kuwait transit only
                         */
                        reason: string;
                    };
                };
            };
        };
        responses: {
            /** @description Created: a new order placed by an accountant, who may confirm its deposit next: DepositSubmitted, version 1 */
            201: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "DepositSubmitted",
                     *         "allowedStatusTransitions": [
                     *           "DepositConfirmed",
                     *           "Cancelled"
                     *         ],
                     *         "progress": 0,
                     *         "canCancel": true,
                     *         "isTerminal": false,
                     *         "version": 1,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "carId": 17,
                     *           "provider": "glovis",
                     *           "advertisementNumber": "GL11338740",
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "makeEn": "Renault Korea",
                     *           "modelGroupEn": "SM5",
                     *           "modelEn": "SM5 L43",
                     *           "gradeEn": "RE",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "year": 2012,
                     *           "kilometers": 151155,
                     *           "price": 340,
                     *           "priceUnit": "10000 KRW",
                     *           "fuelType": "Gasoline",
                     *           "transmission": "CVT",
                     *           "color": "White",
                     *           "vin": "KNMB6GW99C6907398",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ],
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "auctionDate": "2026-10-12",
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "displacement": 1998,
                     *           "firstRegistration": "2012-12",
                     *           "customerNotificationsEnabled": true
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": null,
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "status": "pending",
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": []
                     *         },
                     *         "destinationCountry": "AE",
                     *         "customer": {
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "name": "Layla Haddad",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:08:30.329Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **IDEMPOTENCY_KEY_REUSED**: the Idempotency-Key was already used with a different body
             *
             *     **CAR_UNAVAILABLE**: the catalogue car (body.carId) left its provider's list: sold at auction or withdrawn; GET /cars/{id} still shows it, with its availability
             *
             *     **IMPORT_RESTRICTED**: the order's destination country refuses the car by its import rules (GET /import-rules/{country}); an admin may send importRuleOverride {reason}
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **WALLET_CURRENCY_MISMATCH**: the amount is in another currency than the wallet (amounts are never converted)
             *
             *     **WALLET_INSUFFICIENT_BALANCE**: the wallet balance does not cover the amount
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a delivered order with its financial summary, signed contract and inspection */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "Delivered",
                     *         "allowedStatusTransitions": [],
                     *         "progress": 100,
                     *         "canCancel": false,
                     *         "isTerminal": true,
                     *         "version": 24,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "exportSteps": {
                     *           "completionReportDueBy": "2027-11-16",
                     *           "exportDeclaration": {
                     *             "date": "2026-11-16",
                     *             "loadBy": "2026-12-16",
                     *             "number": "12345-26-000123X",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:40:00.960Z"
                     *           },
                     *           "deregistration": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:38:00.412Z",
                     *             "documentUrl": "https://files.example.com/export/dereg-1042.pdf"
                     *           },
                     *           "completionReport": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:44:00.056Z",
                     *             "documentUrl": "https://files.example.com/export/completion-1042.pdf"
                     *           },
                     *           "bondedArea": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "location": "Incheon bonded yard",
                     *             "recordedAt": "2026-11-16T09:39:30.823Z"
                     *           }
                     *         },
                     *         "shipment": {
                     *           "method": "roro",
                     *           "portOfDischarge": "AEJEA",
                     *           "voyage": "031W",
                     *           "ata": "2026-11-16",
                     *           "atd": "2026-11-16",
                     *           "carrier": "Hyundai Glovis",
                     *           "eta": "2026-12-08",
                     *           "etd": "2026-11-16",
                     *           "billOfLadingNumber": "GLVS2611BL0457",
                     *           "vessel": "Glovis Sirius",
                     *           "portOfLoading": "KRPTK",
                     *           "billOfLadingUrl": "https://files.example.com/export/bl-1042.pdf",
                     *           "bookingNumber": "BK-55121",
                     *           "updatedAt": "2026-11-16T09:44:30.193Z"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "consignee": {
                     *           "country": "United Arab Emirates",
                     *           "address": "Office 12, Al Quoz Industrial Area 3",
                     *           "at": "2026-11-16T09:46:30.741Z",
                     *           "city": "Dubai",
                     *           "phone": "+971501234567",
                     *           "by": "demouseroperations000001",
                     *           "name": "Al Noor Trading LLC",
                     *           "notifyParty": "Al Futtaim Logistics, Jebel Ali Free Zone",
                     *           "givenBy": "staff",
                     *           "idNumber": "TL-1048833",
                     *           "email": "imports@alnoor.example"
                     *         },
                     *         "documentCourier": {
                     *           "carrier": "DHL",
                     *           "sentAt": "2026-11-16",
                     *           "at": "2026-11-16T09:48:30.289Z",
                     *           "trackingNumber": "1234567890"
                     *         },
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:48:31.342Z",
                     *         "financialSummary": {
                     *           "depositAmount": 2000,
                     *           "depositCurrency": "USD",
                     *           "remainingAmount": 0,
                     *           "remainingCurrency": "USD",
                     *           "totalConfirmed": 18500,
                     *           "otherCurrencies": []
                     *         },
                     *         "recordableExportSteps": [
                     *           "completion-report"
                     *         ],
                     *         "signedContract": {
                     *           "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *           "contractNumber": 1,
                     *           "pdfUrl": null,
                     *           "signedAt": "2026-11-16T09:26:00.124Z"
                     *         },
                     *         "inspection": {
                     *           "id": "x41jv784e3cd7lz9sh0t3tt5",
                     *           "status": "Completed",
                     *           "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *           "pdfReportUrl": "https://files.example.com/inspections/i-1042/report.pdf"
                     *         },
                     *         "customsInvoice": {
                     *           "portOfDischarge": "Jebel Ali, UAE",
                     *           "language": "en",
                     *           "buyerName": "Layla Haddad",
                     *           "carYear": 2012,
                     *           "engineCapacityCc": 1998,
                     *           "storedAt": "2026-11-16T09:33:30.179Z",
                     *           "buyerAddress": "Dubai Marina, Dubai",
                     *           "total": 18500,
                     *           "buyerPhone": "+971501234567",
                     *           "fuelType": "Gasoline",
                     *           "currency": "USD",
                     *           "carMake": "Renault Korea",
                     *           "carVin": "KNAPU81BDN7123456",
                     *           "items": [
                     *             {
                     *               "description": "Renault Korea SM5 L43 2012",
                     *               "amount": 17000
                     *             },
                     *             {
                     *               "description": "Shipping to Jebel Ali",
                     *               "amount": 1500
                     *             }
                     *           ],
                     *           "paymentTerms": "100% paid in advance by bank transfer before shipment",
                     *           "carModel": "SM5 L43"
                     *         },
                     *         "trackingLink": {
                     *           "url": "http://localhost:3000/track/-vZi53XeXvvvjIYSBS349x7mGO8TM5Ir",
                     *           "issuedAt": "2026-11-16T09:08:30.329Z",
                     *           "endsAt": "2027-02-14T09:49:00.000Z"
                     *         },
                     *         "customsDocuments": [
                     *           {
                     *             "type": "export-certificate",
                     *             "uploadedAt": "2026-11-15T09:05:00.402Z",
                     *             "url": "https://files.example.com/customs/ec-1042.pdf"
                     *           }
                     *         ],
                     *         "documents": [
                     *           {
                     *             "id": "d8a4ttqlkuhn8qsgt0uv9buc",
                     *             "type": "customs-invoice",
                     *             "version": 1,
                     *             "language": "en",
                     *             "createdAt": "2026-11-16T09:36:30.001Z",
                     *             "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/orders/1/documents/customs-invoice/d8a4ttqlkuhn8qsgt0uv9buc.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=b79f53b1f56aa4bac3e8da4395b882239b99ded6ab41434b39d2357ac764ba33",
                     *             "urlExpiresAt": "2026-11-16T10:05:00.000Z"
                     *           }
                     *         ],
                     *         "importChecks": {
                     *           "country": "AE",
                     *           "allowed": true,
                     *           "reasons": [],
                     *           "documents": [
                     *             "VIN check in the Ministry of Industry and Advanced Technology used-vehicle system before shipping",
                     *             "Certificate of origin",
                     *             "Export declaration and bill of lading"
                     *           ],
                     *           "permits": [],
                     *           "unchecked": [],
                     *           "ruled": true
                     *         },
                     *         "statusHistory": [
                     *           {
                     *             "from": null,
                     *             "to": "DepositSubmitted",
                     *             "by": "demouseraccountant000001",
                     *             "role": "accountant",
                     *             "at": "2026-11-16T09:08:30.329Z"
                     *           },
                     *           {
                     *             "from": "DepositSubmitted",
                     *             "to": "DepositConfirmed",
                     *             "by": "demouseraccountant000001",
                     *             "role": "accountant",
                     *             "at": "2026-11-16T09:16:30.521Z",
                     *             "note": "Deposit received in full"
                     *           },
                     *           {
                     *             "from": "DepositConfirmed",
                     *             "to": "InspectionScheduled",
                     *             "by": "demouseroperations000001",
                     *             "role": "operations",
                     *             "at": "2026-11-16T09:17:00.658Z"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["OrderDetail"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setCustomerNotifications: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. Send it or body.version. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false,
                 *       "version": 3
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                    /** @description the order's current version (from its last read); may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "DepositSubmitted",
                     *         "allowedStatusTransitions": [],
                     *         "progress": 0,
                     *         "canCancel": true,
                     *         "isTerminal": false,
                     *         "version": 2,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "priceUnit": "10000 KRW",
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "modelGroupEn": "SM5",
                     *           "firstRegistration": "2012-12",
                     *           "carId": 17,
                     *           "auctionDate": "2026-10-12",
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "displacement": 1998,
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "makeEn": "Renault Korea",
                     *           "customerNotificationsEnabled": true,
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": null,
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:11:01.067Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setCustomsInvoice: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "7"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "buyerName": "Layla Haddad",
                 *       "buyerAddress": "Dubai Marina, Dubai",
                 *       "buyerPhone": "+971501234567",
                 *       "carMake": "Kia",
                 *       "carModel": "Sorento",
                 *       "carVin": "KNAPU81BDN7123456",
                 *       "carYear": 2022,
                 *       "items": [
                 *         {
                 *           "description": "Kia Sorento 2022",
                 *           "amount": 17000
                 *         },
                 *         {
                 *           "description": "Shipping to Jebel Ali",
                 *           "amount": 1500
                 *         }
                 *       ],
                 *       "currency": "USD",
                 *       "version": 7
                 *     }
                 */
                "application/json": {
                    buyerName: string;
                    buyerAddress?: string;
                    buyerPhone?: string;
                    carMake?: string;
                    carModel?: string;
                    carVin?: string;
                    /** @example Pearl white */
                    carColor?: string;
                    carYear?: number;
                    items: {
                        description: string;
                        amount: number;
                    }[];
                    /** @enum {string} */
                    currency: "USD" | "SAR" | "KRW" | "AED";
                    /** @example Declared value per the auction invoice */
                    notes?: string;
                    /** @enum {string} */
                    language?: "en" | "ar";
                    /**
                     * @description the consignee's country, ISO 3166-1 alpha-2
                     * @example AE
                     */
                    buyerCountry?: string;
                    /**
                     * @description who the carrier tells on arrival, when not the consignee
                     * @example Al Futtaim Logistics, Jebel Ali Free Zone
                     */
                    notifyParty?: string;
                    /** @example G4KJ1234567 */
                    engineNumber?: string;
                    /**
                     * @description engine displacement in cc (sets the HS sub-heading)
                     * @example 2497
                     */
                    engineCapacityCc?: number;
                    /**
                     * @description sets the HS sub-heading
                     * @enum {string}
                     */
                    fuelType?: "Gasoline" | "Diesel" | "LPG" | "Hybrid" | "Electric" | "Hydrogen";
                    /** @example 45000 */
                    mileageKm?: number;
                    /**
                     * @description used unless given
                     * @enum {string}
                     */
                    condition?: "used" | "new";
                    /**
                     * @description the HS code customs classifies the car under; derived from the car's fuel and engine capacity when not given (8703.23 for a petrol car over 1,500 up to 3,000 cc)
                     * @example 8703.23
                     */
                    hsCode?: string;
                    /**
                     * @description where the car was built, ISO 3166-1 alpha-2; derived from the make when not given (KR for Hyundai, Kia, Genesis)
                     * @example KR
                     */
                    countryOfOrigin?: string;
                    /**
                     * @description Incoterms 2020 rule; the tenant profile's default when not given
                     * @enum {string}
                     */
                    incoterms?: "EXW" | "FCA" | "FAS" | "FOB" | "CFR" | "CIF" | "CPT" | "CIP" | "DAP" | "DPU" | "DDP";
                    /**
                     * @description the named place; the port of loading for EXW, FCA, FAS and FOB, else the port of discharge, when not given
                     * @example Jebel Ali
                     */
                    incotermsPlace?: string;
                    /**
                     * @description used until the shipment names one
                     * @example Jebel Ali, UAE
                     */
                    portOfDischarge?: string;
                    /** @example 100% paid in advance by bank transfer */
                    paymentTerms?: string;
                    /** @description the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "customsInvoice": {
                     *           "buyerName": "Layla Haddad",
                     *           "buyerAddress": "Dubai Marina, Dubai",
                     *           "buyerPhone": "+971501234567",
                     *           "carMake": "Renault Korea",
                     *           "carModel": "SM5 L43",
                     *           "carYear": 2012,
                     *           "carVin": "KNAPU81BDN7123456",
                     *           "fuelType": "Gasoline",
                     *           "engineCapacityCc": 1998,
                     *           "portOfDischarge": "Jebel Ali, UAE",
                     *           "paymentTerms": "100% paid in advance by bank transfer before shipment",
                     *           "items": [
                     *             {
                     *               "description": "Renault Korea SM5 L43 2012",
                     *               "amount": 17000
                     *             },
                     *             {
                     *               "description": "Shipping to Jebel Ali",
                     *               "amount": 1500
                     *             }
                     *           ],
                     *           "currency": "USD",
                     *           "language": "en",
                     *           "total": 18500,
                     *           "storedAt": "2026-11-16T09:33:30.179Z"
                     *         },
                     *         "version": 10,
                     *         "updatedAt": "2026-11-16T09:33:31.232Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            id: string;
                            customsInvoice: {
                                [key: string]: unknown;
                            };
                            version: number;
                            /** Format: date-time */
                            updatedAt: string;
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setOrderDestination: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "destinationCountry": "SA",
                 *       "version": 3
                 *     }
                 */
                "application/json": {
                    /**
                     * @description ISO 3166-1 alpha-2 country code
                     * @example KW
                     */
                    destinationCountry: string;
                    importRuleOverride?: {
                        /**
                         * @description why the rules are overridden (at least 10 characters); admin only
                         * @example Buyer re-exports to Iraq; Kuwait transit only
                         */
                        reason: string;
                    };
                    /** @description the order's current version (from its last read); may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: to the UAE, which takes the car: the override goes */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "cak16s4ngripubck9hrsrzna",
                     *         "orderNumber": 3,
                     *         "status": "DepositSubmitted",
                     *         "allowedStatusTransitions": [
                     *           "Cancelled"
                     *         ],
                     *         "progress": 0,
                     *         "canCancel": true,
                     *         "isTerminal": false,
                     *         "version": 2,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "priceUnit": "10000 KRW",
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "modelGroupEn": "SM5",
                     *           "firstRegistration": "2012-12",
                     *           "carId": 17,
                     *           "auctionDate": "2026-10-12",
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "displacement": 1998,
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "makeEn": "Renault Korea",
                     *           "customerNotificationsEnabled": true,
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 9500,
                     *         "currency": "USD",
                     *         "notes": null,
                     *         "inspectionDate": null,
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "bv6c0mig27jor45944covnbf",
                     *           "objectKeys": [],
                     *           "status": "pending"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T10:17:30.235Z",
                     *         "updatedAt": "2026-11-16T10:19:00.646Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **IMPORT_RESTRICTED**: the order's destination country refuses the car by its import rules (GET /import-rules/{country}); an admin may send importRuleOverride {reason}
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_TRANSITION**: the lifecycle does not have this move, or a requirement of the target status is missing (details say which, and what is reachable now) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    validateOrderTransition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "targetStatus": "DepositConfirmed"
                 *     }
                 */
                "application/json": {
                    targetStatus: string;
                };
            };
        };
        responses: {
            /** @description Success: blocked: the deposit receipt is not confirmed yet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "valid": false,
                     *         "errors": [
                     *           "A confirmed deposit receipt is required"
                     *         ],
                     *         "currentStatus": "DepositSubmitted",
                     *         "targetStatus": "DepositConfirmed",
                     *         "allowedTransitions": [
                     *           "DepositConfirmed",
                     *           "Cancelled"
                     *         ],
                     *         "missingRequirements": [
                     *           {
                     *             "type": "receipt",
                     *             "code": "CONFIRMED_RECEIPT_REQUIRED",
                     *             "message": "A confirmed deposit receipt is required"
                     *           }
                     *         ],
                     *         "reachableNow": [
                     *           "Cancelled"
                     *         ],
                     *         "blocked": [
                     *           {
                     *             "status": "DepositConfirmed",
                     *             "missingRequirements": [
                     *               {
                     *                 "type": "receipt",
                     *                 "code": "CONFIRMED_RECEIPT_REQUIRED",
                     *                 "message": "A confirmed deposit receipt is required"
                     *               }
                     *             ]
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            valid: boolean;
                            errors: string[];
                            /** @enum {string} */
                            currentStatus: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                            targetStatus: string;
                            /** @description the moves the lifecycle and your role allow from here, requirements aside */
                            allowedTransitions: ("DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled")[];
                            /** @description what targetStatus still needs */
                            missingRequirements: components["schemas"]["Requirement"][];
                            /** @description allowed moves that nothing blocks: make one with PATCH /orders/{id}/status */
                            reachableNow: ("DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled")[];
                            /** @description allowed moves waiting on a requirement, and what each needs */
                            blocked: {
                                /** @enum {string} */
                                status: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                                missingRequirements: components["schemas"]["Requirement"][];
                            }[];
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setDocumentCourier: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "14"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "carrier": "DHL",
                 *       "trackingNumber": "1234567890",
                 *       "sentAt": "2026-11-28",
                 *       "version": 14
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the express courier the original papers travel with
                     * @example DHL
                     * @enum {string}
                     */
                    carrier?: "DHL" | "FedEx" | "Aramex" | "UPS" | "EMS" | "other";
                    /**
                     * @description the courier's tracking (waybill) number
                     * @example 1234567890
                     */
                    trackingNumber?: string;
                    /**
                     * Format: date
                     * @description the day the parcel was sent, YYYY-MM-DD
                     * @example 2026-11-20
                     */
                    sentAt?: string;
                    /**
                     * @description the carrier releases the car by telex: the buyer has no original papers to wait for
                     * @constant
                     */
                    telexRelease?: true;
                    /** @description the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: the original papers sent by DHL: the buyer's page links DHL's tracking page */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "Delivered",
                     *         "allowedStatusTransitions": [],
                     *         "progress": 100,
                     *         "canCancel": false,
                     *         "isTerminal": true,
                     *         "version": 24,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "exportSteps": {
                     *           "completionReportDueBy": "2027-11-16",
                     *           "exportDeclaration": {
                     *             "date": "2026-11-16",
                     *             "loadBy": "2026-12-16",
                     *             "number": "12345-26-000123X",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:40:00.960Z"
                     *           },
                     *           "deregistration": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:38:00.412Z",
                     *             "documentUrl": "https://files.example.com/export/dereg-1042.pdf"
                     *           },
                     *           "completionReport": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:44:00.056Z",
                     *             "documentUrl": "https://files.example.com/export/completion-1042.pdf"
                     *           },
                     *           "bondedArea": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "location": "Incheon bonded yard",
                     *             "recordedAt": "2026-11-16T09:39:30.823Z"
                     *           }
                     *         },
                     *         "shipment": {
                     *           "method": "roro",
                     *           "portOfDischarge": "AEJEA",
                     *           "voyage": "031W",
                     *           "ata": "2026-11-16",
                     *           "atd": "2026-11-16",
                     *           "carrier": "Hyundai Glovis",
                     *           "eta": "2026-12-08",
                     *           "etd": "2026-11-16",
                     *           "billOfLadingNumber": "GLVS2611BL0457",
                     *           "vessel": "Glovis Sirius",
                     *           "portOfLoading": "KRPTK",
                     *           "billOfLadingUrl": "https://files.example.com/export/bl-1042.pdf",
                     *           "bookingNumber": "BK-55121",
                     *           "updatedAt": "2026-11-16T09:44:30.193Z"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "consignee": {
                     *           "country": "United Arab Emirates",
                     *           "address": "Office 12, Al Quoz Industrial Area 3",
                     *           "at": "2026-11-16T09:46:30.741Z",
                     *           "city": "Dubai",
                     *           "phone": "+971501234567",
                     *           "by": "demouseroperations000001",
                     *           "name": "Al Noor Trading LLC",
                     *           "notifyParty": "Al Futtaim Logistics, Jebel Ali Free Zone",
                     *           "givenBy": "staff",
                     *           "idNumber": "TL-1048833",
                     *           "email": "imports@alnoor.example"
                     *         },
                     *         "documentCourier": {
                     *           "carrier": "DHL",
                     *           "trackingNumber": "1234567890",
                     *           "sentAt": "2026-11-16",
                     *           "at": "2026-11-16T09:48:30.289Z"
                     *         },
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:48:31.342Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setOrderConsignee: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "12"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Al Noor Trading LLC",
                 *       "address": "Office 12, Al Quoz Industrial Area 3",
                 *       "city": "Dubai",
                 *       "country": "United Arab Emirates",
                 *       "phone": "+971501234567",
                 *       "idNumber": "TL-1048833",
                 *       "notifyParty": "Al Futtaim Logistics, Jebel Ali Free Zone",
                 *       "version": 12
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the person or company the car is consigned to, as the bill of lading names them
                     * @example Al Noor Trading LLC
                     */
                    name: string;
                    /** @example Office 12, Al Quoz Industrial Area 3 */
                    address: string;
                    /** @example Dubai */
                    city: string;
                    /** @example United Arab Emirates */
                    country: string;
                    /**
                     * Format: phone
                     * @description with its country code; stored in E.164
                     * @example +971501234567
                     */
                    phone: string;
                    /**
                     * Format: email
                     * @example imports@alnoor.example
                     */
                    email?: string;
                    /**
                     * @description the consignee's ID, passport or trade licence number, as customs at destination asks for it
                     * @example 784-1987-1234567-1
                     */
                    idNumber: string;
                    /**
                     * @description who the carrier tells on arrival, when not the consignee
                     * @example Al Futtaim Logistics, Jebel Ali Free Zone
                     */
                    notifyParty?: string;
                    /** @description the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: the consignee the bill of lading names, recorded by staff (the phone kept in E.164) */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "Delivered",
                     *         "allowedStatusTransitions": [],
                     *         "progress": 100,
                     *         "canCancel": false,
                     *         "isTerminal": true,
                     *         "version": 23,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "exportSteps": {
                     *           "completionReportDueBy": "2027-11-16",
                     *           "exportDeclaration": {
                     *             "date": "2026-11-16",
                     *             "loadBy": "2026-12-16",
                     *             "number": "12345-26-000123X",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:40:00.960Z"
                     *           },
                     *           "deregistration": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:38:00.412Z",
                     *             "documentUrl": "https://files.example.com/export/dereg-1042.pdf"
                     *           },
                     *           "completionReport": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:44:00.056Z",
                     *             "documentUrl": "https://files.example.com/export/completion-1042.pdf"
                     *           },
                     *           "bondedArea": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "location": "Incheon bonded yard",
                     *             "recordedAt": "2026-11-16T09:39:30.823Z"
                     *           }
                     *         },
                     *         "shipment": {
                     *           "method": "roro",
                     *           "portOfDischarge": "AEJEA",
                     *           "voyage": "031W",
                     *           "ata": "2026-11-16",
                     *           "atd": "2026-11-16",
                     *           "carrier": "Hyundai Glovis",
                     *           "eta": "2026-12-08",
                     *           "etd": "2026-11-16",
                     *           "billOfLadingNumber": "GLVS2611BL0457",
                     *           "vessel": "Glovis Sirius",
                     *           "portOfLoading": "KRPTK",
                     *           "billOfLadingUrl": "https://files.example.com/export/bl-1042.pdf",
                     *           "bookingNumber": "BK-55121",
                     *           "updatedAt": "2026-11-16T09:44:30.193Z"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "consignee": {
                     *           "name": "Al Noor Trading LLC",
                     *           "address": "Office 12, Al Quoz Industrial Area 3",
                     *           "city": "Dubai",
                     *           "country": "United Arab Emirates",
                     *           "phone": "+971501234567",
                     *           "email": "imports@alnoor.example",
                     *           "idNumber": "TL-1048833",
                     *           "notifyParty": "Al Futtaim Logistics, Jebel Ali Free Zone",
                     *           "givenBy": "staff",
                     *           "by": "demouseroperations000001",
                     *           "at": "2026-11-16T09:46:30.741Z"
                     *         },
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:46:31.794Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listExportDeadlines: {
        parameters: {
            query: {
                /** @description a day, YYYY-MM-DD */
                before: string;
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "orderNumber": 1,
                     *           "kind": "load-by",
                     *           "due": "2026-12-16"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ExportDeadline"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    recordExportStep: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
                /** @example deregistration */
                step: "deregistration" | "bonded-area" | "export-declaration" | "completion-report";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-11-20",
                 *       "documentUrl": "https://files.example.com/dereg-1042.pdf"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date
                     * @description a day, YYYY-MM-DD
                     * @example 2026-11-20
                     */
                    date: string;
                    /** Format: uri */
                    documentUrl?: string;
                    /**
                     * @description the export declaration number (export-declaration only)
                     * @example 12345-26-0001234X
                     */
                    number?: string;
                    /**
                     * @description the bonded area (bonded-area only)
                     * @example Incheon Port bonded area
                     */
                    location?: string;
                    /** @description the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: the export declaration: the car must be loaded by loadBy */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "Purchased",
                     *         "allowedStatusTransitions": [
                     *           "Shipped"
                     *         ],
                     *         "progress": 80,
                     *         "canCancel": false,
                     *         "isTerminal": false,
                     *         "version": 16,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "exportSteps": {
                     *           "completionReportDueBy": "2027-11-16",
                     *           "bondedArea": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "location": "Incheon bonded yard",
                     *             "recordedAt": "2026-11-16T09:39:30.823Z"
                     *           },
                     *           "deregistration": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:38:00.412Z",
                     *             "documentUrl": "https://files.example.com/export/dereg-1042.pdf"
                     *           },
                     *           "exportDeclaration": {
                     *             "date": "2026-11-16",
                     *             "recordedAt": "2026-11-16T09:40:00.960Z",
                     *             "recordedBy": "demouseroperations000001",
                     *             "number": "12345-26-000123X",
                     *             "loadBy": "2026-12-16"
                     *           }
                     *         },
                     *         "destinationCountry": "AE",
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:40:01.013Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateShipment: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The order's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "method": "roro",
                 *       "bookingNumber": "BK-55121",
                 *       "carrier": "Hyundai Glovis",
                 *       "vessel": "Glovis Sirius",
                 *       "voyage": "031W",
                 *       "portOfLoading": "KRPTK",
                 *       "portOfDischarge": "AEJEA",
                 *       "etd": "2026-12-02",
                 *       "eta": "2026-12-24"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    method?: "roro" | "container";
                    /** @example INCA12345600 */
                    bookingNumber?: string;
                    /** @example HMM */
                    carrier?: string;
                    /** @example HMM Algeciras */
                    vessel?: string;
                    /** @example 012W */
                    voyage?: string;
                    /**
                     * @description ISO 6346, with its check digit verified, e.g. MSCU1234566
                     * @example MSCU1234566
                     */
                    containerNumber?: string;
                    /** @example SL123456 */
                    sealNumber?: string;
                    /**
                     * @description e.g. KRINC (Incheon)
                     * @example KRINC
                     */
                    portOfLoading?: string;
                    /**
                     * @description e.g. AEJEA (Jebel Ali)
                     * @example AEJEA
                     */
                    portOfDischarge?: string;
                    /**
                     * Format: date
                     * @description a day, YYYY-MM-DD
                     * @example 2026-11-20
                     */
                    etd?: string;
                    /**
                     * Format: date
                     * @description a day, YYYY-MM-DD
                     * @example 2026-11-20
                     */
                    eta?: string;
                    /**
                     * Format: date
                     * @description a day, YYYY-MM-DD
                     * @example 2026-11-20
                     */
                    atd?: string;
                    /**
                     * Format: date
                     * @description a day, YYYY-MM-DD
                     * @example 2026-11-20
                     */
                    ata?: string;
                    /** @example HDMUINC1234567 */
                    billOfLadingNumber?: string;
                    /** Format: uri */
                    billOfLadingUrl?: string;
                    /** @description the order's current version: the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: the car is loaded: bill of lading and departure */
            200: {
                headers: {
                    /** @description the order's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "status": "Purchased",
                     *         "allowedStatusTransitions": [
                     *           "Shipped"
                     *         ],
                     *         "progress": 80,
                     *         "canCancel": false,
                     *         "isTerminal": false,
                     *         "version": 18,
                     *         "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "carId": 17,
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "notes": "Customer prefers a white car",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "paidFromWallet": false,
                     *         "depositReceiptId": null,
                     *         "imageArchive": {
                     *           "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *           "objectKeys": [
                     *             "orders/1/01-sedan-white-1.svg",
                     *             "orders/1/02-sedan-white-2.svg",
                     *             "orders/1/03-sedan-white-3.svg"
                     *           ],
                     *           "completedAt": "2026-11-16T09:09:00.466Z",
                     *           "status": "done"
                     *         },
                     *         "exportSteps": {
                     *           "completionReportDueBy": "2027-11-16",
                     *           "exportDeclaration": {
                     *             "date": "2026-11-16",
                     *             "loadBy": "2026-12-16",
                     *             "number": "12345-26-000123X",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:40:00.960Z"
                     *           },
                     *           "deregistration": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "recordedAt": "2026-11-16T09:38:00.412Z",
                     *             "documentUrl": "https://files.example.com/export/dereg-1042.pdf"
                     *           },
                     *           "bondedArea": {
                     *             "date": "2026-11-16",
                     *             "recordedBy": "demouseroperations000001",
                     *             "location": "Incheon bonded yard",
                     *             "recordedAt": "2026-11-16T09:39:30.823Z"
                     *           }
                     *         },
                     *         "shipment": {
                     *           "carrier": "Hyundai Glovis",
                     *           "eta": "2026-12-08",
                     *           "method": "roro",
                     *           "etd": "2026-11-16",
                     *           "vessel": "Glovis Sirius",
                     *           "portOfDischarge": "AEJEA",
                     *           "portOfLoading": "KRPTK",
                     *           "bookingNumber": "BK-55121",
                     *           "voyage": "031W",
                     *           "updatedAt": "2026-11-16T09:43:00.782Z",
                     *           "billOfLadingNumber": "GLVS2611BL0457",
                     *           "billOfLadingUrl": "https://files.example.com/export/bl-1042.pdf",
                     *           "atd": "2026-11-16"
                     *         },
                     *         "destinationCountry": "AE",
                     *         "customer": {
                     *           "name": "Layla Haddad",
                     *           "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *           "email": "layla@example.com",
                     *           "mobileNumber": "+971501234567"
                     *         },
                     *         "createdAt": "2026-11-16T09:08:30.329Z",
                     *         "updatedAt": "2026-11-16T09:43:01.835Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Order"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrderDocuments: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "number": "CI-00001",
                     *           "createdAt": "2026-11-16T09:36:30.001Z",
                     *           "createdBy": "demouseroperations000001",
                     *           "bytes": 34627,
                     *           "language": "en",
                     *           "id": "d8a4ttqlkuhn8qsgt0uv9buc",
                     *           "type": "customs-invoice",
                     *           "version": 1,
                     *           "key": "orders/1/documents/customs-invoice/d8a4ttqlkuhn8qsgt0uv9buc.pdf",
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/orders/1/documents/customs-invoice/d8a4ttqlkuhn8qsgt0uv9buc.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=f1aca3350e15f042f1c87da53f5d929fedd00442e1060bd387138a0da15ab3e9",
                     *           "urlExpiresAt": "2026-11-16T09:52:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["GeneratedDocument"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateOrderDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "customs-invoice"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "customs-invoice" | "proforma-invoice" | "contract";
                    /** @enum {string} */
                    language?: "en" | "ar";
                    /** @description CUID */
                    contractId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "d8a4ttqlkuhn8qsgt0uv9buc",
                     *         "type": "customs-invoice",
                     *         "version": 1,
                     *         "language": "en",
                     *         "key": "orders/1/documents/customs-invoice/d8a4ttqlkuhn8qsgt0uv9buc.pdf",
                     *         "bytes": 34627,
                     *         "number": "CI-00001",
                     *         "createdAt": "2026-11-16T09:36:30.001Z",
                     *         "createdBy": "demouseroperations000001",
                     *         "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/orders/1/documents/customs-invoice/d8a4ttqlkuhn8qsgt0uv9buc.pdf?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=f1aca3350e15f042f1c87da53f5d929fedd00442e1060bd387138a0da15ab3e9",
                     *         "urlExpiresAt": "2026-11-16T09:51:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["GeneratedDocument"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query: {
                /** @description the failed messages (the only list kept) */
                status: "failed";
                limit?: number;
                /** @description meta.nextCursor of the previous page */
                cursor?: string;
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the tenant's failed chat messages, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "orderNumber": 1,
                     *           "messageId": "local.50rhsnptls9asrs2ajleaglp",
                     *           "event": "order.created",
                     *           "audience": "accountant",
                     *           "recipientName": "Sara Khan (demo accountant)",
                     *           "to": "+971501110002",
                     *           "template": {
                     *             "name": "vpo_order_created_no_deposit_staff",
                     *             "parameters": [
                     *               "1",
                     *               "Renault Korea SM5 L43 2012"
                     *             ],
                     *             "language": "en"
                     *           },
                     *           "text": "Order #1 (Renault Korea SM5 L43 2012): new order placed; no deposit received yet.",
                     *           "status": "failed",
                     *           "statusAt": "2026-11-16T15:53:31.352Z",
                     *           "statuses": {
                     *             "failed": "2026-11-16T15:53:31.352Z"
                     *           },
                     *           "error": {
                     *             "title": "Message undeliverable",
                     *             "code": 131026
                     *           },
                     *           "createdAt": "2026-11-16T09:09:03.625Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 20
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["FailedNotification"][];
                        meta: {
                            limit: number;
                            /** @description pass as cursor for the next page; absent on the last page */
                            nextCursor?: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrderNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "messageId": "local.1f7v1w3cyh7qjlkoghwvrh1j",
                     *           "event": "order.created",
                     *           "audience": "customer",
                     *           "recipientName": "Layla Haddad",
                     *           "to": "+971501234567",
                     *           "template": {
                     *             "name": "vpo_order_created_customer_link",
                     *             "parameters": [
                     *               "Layla Haddad",
                     *               "1",
                     *               "Renault Korea SM5 L43 2012"
                     *             ],
                     *             "language": "ar"
                     *           },
                     *           "text": "مرحباً Layla Haddad، الطلب #1 (Renault Korea SM5 L43 2012): استلمنا طلبك. تابع طلبك: http://localhost:3000/track/-vZi53XeXvvvjIYSBS349x7mGO8TM5Ir أرسل \"إيقاف\" لإيقاف هذه الرسائل.",
                     *           "status": "delivered",
                     *           "statusAt": "2026-11-16T15:53:30.299Z",
                     *           "statuses": {
                     *             "delivered": "2026-11-16T15:53:30.299Z"
                     *           },
                     *           "createdAt": "2026-11-16T09:09:02.572Z"
                     *         },
                     *         {
                     *           "messageId": "local.50rhsnptls9asrs2ajleaglp",
                     *           "event": "order.created",
                     *           "audience": "accountant",
                     *           "recipientName": "Sara Khan (demo accountant)",
                     *           "to": "+971501110002",
                     *           "template": {
                     *             "name": "vpo_order_created_no_deposit_staff",
                     *             "parameters": [
                     *               "1",
                     *               "Renault Korea SM5 L43 2012"
                     *             ],
                     *             "language": "en"
                     *           },
                     *           "text": "Order #1 (Renault Korea SM5 L43 2012): new order placed; no deposit received yet.",
                     *           "status": "accepted",
                     *           "statuses": {},
                     *           "createdAt": "2026-11-16T09:09:03.625Z"
                     *         },
                     *         {
                     *           "messageId": "local.4usvrrkkoo1a7aaavszm9zoc",
                     *           "event": "order.created",
                     *           "audience": "operations",
                     *           "recipientName": "Omar Ali (demo operations)",
                     *           "to": "+971501110003",
                     *           "template": {
                     *             "name": "vpo_order_created_no_deposit_staff",
                     *             "parameters": [
                     *               "1",
                     *               "Renault Korea SM5 L43 2012"
                     *             ],
                     *             "language": "en"
                     *           },
                     *           "text": "Order #1 (Renault Korea SM5 L43 2012): new order placed; no deposit received yet.",
                     *           "status": "accepted",
                     *           "statuses": {},
                     *           "createdAt": "2026-11-16T09:09:06.784Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["OrderNotification"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createContract: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "orderId": "ckx8k2m1p0000abcd1234efg",
                 *       "customerName": "Layla Haddad",
                 *       "customerNameAr": "ليلى حداد",
                 *       "totalAmount": 18500,
                 *       "currency": "USD",
                 *       "terms": "Payment in full before shipping."
                 *     }
                 */
                "application/json": {
                    /** @description CUID */
                    orderId: string;
                    /** @example Layla Haddad */
                    customerName: string;
                    /** @example ليلى حداد */
                    customerNameAr?: string;
                    /** @example P1234567 */
                    customerIdNumber?: string;
                    /** @example +971501234567 */
                    customerPhone?: string;
                    /** Format: email */
                    customerEmail?: string;
                    /** @example Dubai Marina, Dubai */
                    customerAddress?: string;
                    /** @example AE */
                    customerCountry?: string;
                    /**
                     * @example {
                     *       "url": "https://example.com/passport.pdf",
                     *       "type": "passport"
                     *     }
                     */
                    customerIdDocument?: {
                        /** Format: uri */
                        url?: string;
                        /** @description e.g. passport, national_id */
                        type?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /**
                     * @example {
                     *       "makeEn": "Kia",
                     *       "modelEn": "Sorento",
                     *       "year": 2022
                     *     }
                     */
                    carDetails?: {
                        [key: string]: unknown;
                    };
                    totalAmount?: number;
                    /** @enum {string} */
                    currency?: "USD" | "KRW" | "AED";
                    /** @example KNAPU81BDN7123456 */
                    vin?: string;
                    /** @example 45,000 km */
                    mileage?: string;
                    /** @example White */
                    color?: string;
                    /** @example Payment in full before shipping. */
                    terms?: string;
                    /** @example Customer collects the spare key later */
                    notes?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    /** @description the contract's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "customerName": "Layla Haddad",
                     *         "customerNameAr": "ليلى حداد",
                     *         "vin": "KNAPU81BDN7123456",
                     *         "color": "White",
                     *         "mileage": "42,000 km",
                     *         "terms": "Payment in full before shipping.",
                     *         "customerPhone": "+971501234567",
                     *         "customerEmail": "layla@example.com",
                     *         "customerIdNumber": "P4471029",
                     *         "customerAddress": "Dubai Marina, Dubai",
                     *         "customerCountry": "AE",
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ]
                     *         },
                     *         "totalAmount": 18500,
                     *         "currency": "USD",
                     *         "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "contractNumber": 1,
                     *         "status": "Draft",
                     *         "version": 1,
                     *         "pdfUrl": null,
                     *         "createdAt": "2026-11-16T09:21:30.891Z",
                     *         "updatedAt": "2026-11-16T09:21:30.891Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Contract"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getContract: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the contract's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "color": "White",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "customerNameAr": "ليلى حداد",
                     *         "customerCountry": "AE",
                     *         "createdAt": "2026-11-16T09:21:30.891Z",
                     *         "customerPhone": "+971501234567",
                     *         "pdfUrl": null,
                     *         "terms": "Payment in full before shipping.",
                     *         "customerEmail": "layla@example.com",
                     *         "vin": "KNAPU81BDN7123456",
                     *         "currency": "USD",
                     *         "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *         "mileage": "42,000 km",
                     *         "updatedAt": "2026-11-16T09:21:30.891Z",
                     *         "customerAddress": "Dubai Marina, Dubai",
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ],
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                     *         },
                     *         "contractNumber": 1,
                     *         "version": 1,
                     *         "customerName": "Layla Haddad",
                     *         "customerIdNumber": "P4471029",
                     *         "totalAmount": 18500,
                     *         "status": "Draft"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Contract"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateContract: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The contract's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "1"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "customerName": "Layla Haddad",
                 *       "customerNameAr": "ليلى حداد",
                 *       "customerIdNumber": "P1234567",
                 *       "customerPhone": "+971501234567",
                 *       "customerEmail": "layla@example.com",
                 *       "customerAddress": "Dubai Marina, Dubai",
                 *       "customerCountry": "AE",
                 *       "customerIdDocument": {
                 *         "url": "https://example.com/passport.pdf",
                 *         "type": "passport"
                 *       },
                 *       "carDetails": {
                 *         "makeEn": "Kia",
                 *         "modelEn": "Sorento",
                 *         "year": 2022
                 *       },
                 *       "totalAmount": 1,
                 *       "currency": "USD",
                 *       "vin": "KNAPU81BDN7123456",
                 *       "mileage": "45,000 km",
                 *       "color": "White",
                 *       "terms": "Payment in full before shipping.",
                 *       "notes": "Customer collects the spare key later",
                 *       "contractPdfUrl": "https://files.example.com/documents/d-1001.pdf",
                 *       "version": 1
                 *     }
                 */
                "application/json": {
                    /** @example Layla Haddad */
                    customerName?: string;
                    /** @example ليلى حداد */
                    customerNameAr?: string;
                    /** @example P1234567 */
                    customerIdNumber?: string;
                    /** @example +971501234567 */
                    customerPhone?: string;
                    /** Format: email */
                    customerEmail?: string;
                    /** @example Dubai Marina, Dubai */
                    customerAddress?: string;
                    /** @example AE */
                    customerCountry?: string;
                    /**
                     * @example {
                     *       "url": "https://example.com/passport.pdf",
                     *       "type": "passport"
                     *     }
                     */
                    customerIdDocument?: {
                        /** Format: uri */
                        url?: string;
                        /** @description e.g. passport, national_id */
                        type?: string;
                    } & {
                        [key: string]: unknown;
                    };
                    /**
                     * @example {
                     *       "makeEn": "Kia",
                     *       "modelEn": "Sorento",
                     *       "year": 2022
                     *     }
                     */
                    carDetails?: {
                        [key: string]: unknown;
                    };
                    totalAmount?: number;
                    /** @enum {string} */
                    currency?: "USD" | "KRW" | "AED";
                    /** @example KNAPU81BDN7123456 */
                    vin?: string;
                    /** @example 45,000 km */
                    mileage?: string;
                    /** @example White */
                    color?: string;
                    /** @example Payment in full before shipping. */
                    terms?: string;
                    /** @example Customer collects the spare key later */
                    notes?: string;
                    /** Format: uri */
                    contractPdfUrl?: string;
                    /** @description the contract's current version (from its last read): the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the contract's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "color": "White",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "customerNameAr": "ليلى حداد",
                     *         "customerCountry": "AE",
                     *         "createdAt": "2026-11-16T09:21:30.891Z",
                     *         "customerPhone": "+971501234567",
                     *         "pdfUrl": null,
                     *         "terms": "Payment in full before shipping.",
                     *         "customerEmail": "layla@example.com",
                     *         "vin": "KNAPU81BDN7123456",
                     *         "currency": "USD",
                     *         "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *         "mileage": "42,000 km",
                     *         "updatedAt": "2026-11-16T09:22:30.165Z",
                     *         "customerAddress": "Dubai Marina, Dubai",
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ],
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                     *         },
                     *         "contractNumber": 1,
                     *         "version": 2,
                     *         "customerName": "Layla Haddad",
                     *         "customerIdNumber": "P4471029",
                     *         "totalAmount": 18500,
                     *         "status": "Draft",
                     *         "notes": "Delivery to Jebel Ali port"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Contract"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrderContracts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "notes": "Delivery to Jebel Ali port",
                     *           "color": "White",
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "signingLink": "https://sign.example.com/c/1042",
                     *           "customerNameAr": "ليلى حداد",
                     *           "customerCountry": "AE",
                     *           "createdAt": "2026-11-16T09:21:30.891Z",
                     *           "customerPhone": "+971501234567",
                     *           "pdfUrl": null,
                     *           "terms": "Payment in full before shipping.",
                     *           "customerEmail": "layla@example.com",
                     *           "currency": "USD",
                     *           "vin": "KNAPU81BDN7123456",
                     *           "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *           "signedDocument": {
                     *             "filename": "c-1042-signed.pdf",
                     *             "mimeType": "application/pdf",
                     *             "size": 184211,
                     *             "url": "https://files.example.com/contracts/c-1042-signed.pdf"
                     *           },
                     *           "mileage": "42,000 km",
                     *           "updatedAt": "2026-11-16T09:26:00.124Z",
                     *           "customerAddress": "Dubai Marina, Dubai",
                     *           "carDetails": {
                     *             "damage": [
                     *               "accident"
                     *             ],
                     *             "priceUnit": "10000 KRW",
                     *             "images": [
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *             ],
                     *             "color": "White",
                     *             "year": 2012,
                     *             "title": "Renault Korea SM5 L43 2.0 RE",
                     *             "firstRegistration": "2012-12",
                     *             "modelGroupEn": "SM5",
                     *             "auctionDate": "2026-10-12",
                     *             "carId": 17,
                     *             "gradeEn": "RE",
                     *             "modelEn": "SM5 L43",
                     *             "transmission": "CVT",
                     *             "fuelType": "Gasoline",
                     *             "provider": "glovis",
                     *             "price": 340,
                     *             "kilometers": 151155,
                     *             "displacement": 1998,
                     *             "vin": "KNMB6GW99C6907398",
                     *             "advertisementNumber": "GL11338740",
                     *             "gradeDetailEn": "2.0 RE",
                     *             "customerNotificationsEnabled": true,
                     *             "makeEn": "Renault Korea",
                     *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                     *           },
                     *           "contractNumber": 1,
                     *           "messageId": "local.57ocpeocna73axhaw6csmdh0",
                     *           "sentAt": "2026-11-16T09:24:00.576Z",
                     *           "version": 4,
                     *           "customerName": "Layla Haddad",
                     *           "customerIdNumber": "P4471029",
                     *           "totalAmount": 18500,
                     *           "sentTo": "+971501234567",
                     *           "signedAt": "2026-11-16T09:26:00.124Z",
                     *           "status": "Signed"
                     *         },
                     *         {
                     *           "customerAddress": "Dubai Marina, Dubai",
                     *           "carDetails": {
                     *             "damage": [
                     *               "accident"
                     *             ],
                     *             "priceUnit": "10000 KRW",
                     *             "images": [
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *             ],
                     *             "color": "White",
                     *             "year": 2012,
                     *             "title": "Renault Korea SM5 L43 2.0 RE",
                     *             "firstRegistration": "2012-12",
                     *             "modelGroupEn": "SM5",
                     *             "auctionDate": "2026-10-12",
                     *             "carId": 17,
                     *             "gradeEn": "RE",
                     *             "modelEn": "SM5 L43",
                     *             "transmission": "CVT",
                     *             "fuelType": "Gasoline",
                     *             "provider": "glovis",
                     *             "price": 340,
                     *             "kilometers": 151155,
                     *             "displacement": 1998,
                     *             "vin": "KNMB6GW99C6907398",
                     *             "advertisementNumber": "GL11338740",
                     *             "gradeDetailEn": "2.0 RE",
                     *             "customerNotificationsEnabled": true,
                     *             "makeEn": "Renault Korea",
                     *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                     *           },
                     *           "color": "White",
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "contractNumber": 2,
                     *           "version": 1,
                     *           "customerName": "Layla Haddad",
                     *           "customerCountry": "AE",
                     *           "customerIdNumber": "P4471029",
                     *           "totalAmount": 18500,
                     *           "createdAt": "2026-11-16T09:24:30.713Z",
                     *           "customerPhone": "+971501234567",
                     *           "pdfUrl": null,
                     *           "customerEmail": "layla@example.com",
                     *           "currency": "USD",
                     *           "vin": "KNMB6GW99C6907398",
                     *           "id": "zl2qnf96pawh2u2949vjehe3",
                     *           "mileage": "151155 km",
                     *           "status": "Draft",
                     *           "updatedAt": "2026-11-16T09:24:30.713Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Contract"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sendContract: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The contract's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phone": "+971501234567",
                 *       "signingLink": "https://sign.example.com/c/1042"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: phone
                     * @description with its country code, e.g. +971501234567
                     */
                    phone?: string;
                    /**
                     * Format: phone
                     * @description alias of phone
                     */
                    phoneNumber?: string;
                    /** Format: uri */
                    signingLink?: string;
                    /**
                     * @description reserved: only the chat channel is supported
                     * @constant
                     */
                    sendVia?: "whatsapp";
                    /** @description the contract's current version (from its last read): the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the contract's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "notes": "Delivery to Jebel Ali port",
                     *         "color": "White",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "customerNameAr": "ليلى حداد",
                     *         "customerCountry": "AE",
                     *         "createdAt": "2026-11-16T09:21:30.891Z",
                     *         "customerPhone": "+971501234567",
                     *         "pdfUrl": null,
                     *         "terms": "Payment in full before shipping.",
                     *         "customerEmail": "layla@example.com",
                     *         "currency": "USD",
                     *         "vin": "KNAPU81BDN7123456",
                     *         "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *         "mileage": "42,000 km",
                     *         "updatedAt": "2026-11-16T09:24:00.576Z",
                     *         "customerAddress": "Dubai Marina, Dubai",
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ],
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                     *         },
                     *         "contractNumber": 1,
                     *         "version": 3,
                     *         "customerName": "Layla Haddad",
                     *         "customerIdNumber": "P4471029",
                     *         "totalAmount": 18500,
                     *         "status": "Sent",
                     *         "sentAt": "2026-11-16T09:24:00.576Z",
                     *         "sentTo": "+971501234567",
                     *         "messageId": "local.57ocpeocna73axhaw6csmdh0",
                     *         "signingLink": "https://sign.example.com/c/1042"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Contract"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **CHANNEL_DISPATCH_FAILED**: the chat channel refused or failed the message; nothing was changed */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    signContract: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The contract's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "signedDocument": {
                 *         "url": "https://example.com/signed.pdf",
                 *         "filename": "contract-1042.pdf",
                 *         "mimeType": "application/pdf"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description any JSON; recommended keys url, filename, mimeType, size */
                    signedDocument?: unknown;
                    /** @description the contract's current version (from its last read): the change is refused (409) if another came first; may be sent as an If-Match header instead */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the contract's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "notes": "Delivery to Jebel Ali port",
                     *         "color": "White",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "signingLink": "https://sign.example.com/c/1042",
                     *         "customerNameAr": "ليلى حداد",
                     *         "customerCountry": "AE",
                     *         "createdAt": "2026-11-16T09:21:30.891Z",
                     *         "customerPhone": "+971501234567",
                     *         "pdfUrl": null,
                     *         "terms": "Payment in full before shipping.",
                     *         "customerEmail": "layla@example.com",
                     *         "currency": "USD",
                     *         "vin": "KNAPU81BDN7123456",
                     *         "id": "a1wxpqa76sdt2p2v70lpjtot",
                     *         "mileage": "42,000 km",
                     *         "updatedAt": "2026-11-16T09:26:00.124Z",
                     *         "customerAddress": "Dubai Marina, Dubai",
                     *         "carDetails": {
                     *           "damage": [
                     *             "accident"
                     *           ],
                     *           "priceUnit": "10000 KRW",
                     *           "images": [
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *           ],
                     *           "color": "White",
                     *           "year": 2012,
                     *           "title": "Renault Korea SM5 L43 2.0 RE",
                     *           "firstRegistration": "2012-12",
                     *           "modelGroupEn": "SM5",
                     *           "auctionDate": "2026-10-12",
                     *           "carId": 17,
                     *           "gradeEn": "RE",
                     *           "modelEn": "SM5 L43",
                     *           "transmission": "CVT",
                     *           "fuelType": "Gasoline",
                     *           "provider": "glovis",
                     *           "price": 340,
                     *           "kilometers": 151155,
                     *           "displacement": 1998,
                     *           "vin": "KNMB6GW99C6907398",
                     *           "advertisementNumber": "GL11338740",
                     *           "gradeDetailEn": "2.0 RE",
                     *           "customerNotificationsEnabled": true,
                     *           "makeEn": "Renault Korea",
                     *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                     *         },
                     *         "contractNumber": 1,
                     *         "messageId": "local.57ocpeocna73axhaw6csmdh0",
                     *         "sentAt": "2026-11-16T09:24:00.576Z",
                     *         "version": 4,
                     *         "customerName": "Layla Haddad",
                     *         "customerIdNumber": "P4471029",
                     *         "totalAmount": 18500,
                     *         "sentTo": "+971501234567",
                     *         "status": "Signed",
                     *         "signedAt": "2026-11-16T09:26:00.124Z",
                     *         "signedDocument": {
                     *           "url": "https://files.example.com/contracts/c-1042-signed.pdf",
                     *           "filename": "c-1042-signed.pdf",
                     *           "mimeType": "application/pdf",
                     *           "size": 184211
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Contract"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             *
             *     **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    confirmBillingEntry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "amount": 16500,
                     *         "orderNumber": 1,
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "receiptFileUrl": "https://files.example.com/receipts/r-1002.pdf",
                     *         "description": "Balance by bank transfer",
                     *         "type": "receipt",
                     *         "customerName": "Layla Haddad",
                     *         "createdAt": "2026-11-16T09:29:30.083Z",
                     *         "recordedBy": "demouseroperations000001",
                     *         "invoiceNumber": "R-2026-1002",
                     *         "currency": "USD",
                     *         "id": "z1nfa2te81nqi4zpjxjbknff",
                     *         "items": [],
                     *         "status": "Confirmed",
                     *         "updatedAt": "2026-11-16T09:30:30.357Z",
                     *         "confirmedAt": "2026-11-16T09:30:30.357Z",
                     *         "confirmedBy": "demouseraccountant000001",
                     *         "confirmedByRole": "accountant",
                     *         "confirmedByKeyId": "zd3ienrp3un9zpp1sgdsmiyq"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["BillingEntry"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes
             *
             *     **SECOND_APPROVER_REQUIRED**: the tenant requires a second person, and the caller recorded the entry it tries to confirm
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBillingEntries: {
        parameters: {
            query: {
                /** @description the entries waiting for confirmation (the only list kept) */
                status: "Pending";
                type?: "invoice" | "receipt";
                limit?: number;
                /** @description meta.nextCursor of the previous page */
                cursor?: string;
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the receipts and invoices waiting for confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "amount": 2000,
                     *           "orderNumber": 1,
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "receiptFileUrl": "https://files.example.com/receipts/r-1001.pdf",
                     *           "description": "Deposit by bank transfer",
                     *           "type": "receipt",
                     *           "customerName": "Layla Haddad",
                     *           "createdAt": "2026-11-16T09:12:30.425Z",
                     *           "recordedBy": "demouseroperations000001",
                     *           "currency": "USD",
                     *           "id": "c1p20dzq0f7q9oknz3py8z6h",
                     *           "items": [],
                     *           "status": "Pending",
                     *           "updatedAt": "2026-11-16T09:12:30.425Z"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 20
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["BillingEntry"][];
                        meta: {
                            limit: number;
                            /** @description pass as cursor for the next page; absent on the last page */
                            nextCursor?: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBillingEntry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "orderId": "ckx8k2m1p0000abcd1234efg",
                 *       "type": "receipt",
                 *       "amount": 2000,
                 *       "currency": "USD",
                 *       "description": "Deposit by bank transfer",
                 *       "receiptFileUrl": "https://files.example.com/receipts/r-1001.pdf"
                 *     }
                 */
                "application/json": {
                    /** @description CUID */
                    orderId: string;
                    /** @enum {string} */
                    type: "invoice" | "receipt";
                    amount: number;
                    /**
                     * Format: currency
                     * @description ISO 4217 code, e.g. USD
                     */
                    currency: string;
                    description: string;
                    items?: {
                        /** @example deposit */
                        type: string;
                        /** @example Deposit for Kia Sorento 2022 */
                        description: string;
                        amount: number;
                    }[];
                    /** @example INV-2026-0042 */
                    invoiceNumber?: string;
                    /** Format: uri */
                    receiptFileUrl?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "c1p20dzq0f7q9oknz3py8z6h",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "orderNumber": 1,
                     *         "customerName": "Layla Haddad",
                     *         "type": "receipt",
                     *         "status": "Pending",
                     *         "amount": 2000,
                     *         "currency": "USD",
                     *         "description": "Deposit by bank transfer",
                     *         "items": [],
                     *         "receiptFileUrl": "https://files.example.com/receipts/r-1001.pdf",
                     *         "recordedBy": "demouseroperations000001",
                     *         "createdAt": "2026-11-16T09:12:30.425Z",
                     *         "updatedAt": "2026-11-16T09:12:30.425Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["BillingEntry"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrderBilling: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "amount": 2000,
                     *           "orderNumber": 1,
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "confirmedByKeyId": "zd3ienrp3un9zpp1sgdsmiyq",
                     *           "receiptFileUrl": "https://files.example.com/receipts/r-1001.pdf",
                     *           "description": "Deposit by bank transfer",
                     *           "type": "receipt",
                     *           "customerName": "Layla Haddad",
                     *           "createdAt": "2026-11-16T09:12:30.425Z",
                     *           "recordedBy": "demouseroperations000001",
                     *           "confirmedBy": "demouseraccountant000001",
                     *           "currency": "USD",
                     *           "id": "c1p20dzq0f7q9oknz3py8z6h",
                     *           "confirmedAt": "2026-11-16T09:14:30.973Z",
                     *           "items": [],
                     *           "confirmedByRole": "accountant",
                     *           "status": "Confirmed",
                     *           "updatedAt": "2026-11-16T09:14:30.973Z"
                     *         },
                     *         {
                     *           "amount": 16500,
                     *           "orderNumber": 1,
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "confirmedByKeyId": "zd3ienrp3un9zpp1sgdsmiyq",
                     *           "receiptFileUrl": "https://files.example.com/receipts/r-1002.pdf",
                     *           "description": "Balance by bank transfer",
                     *           "type": "receipt",
                     *           "customerName": "Layla Haddad",
                     *           "createdAt": "2026-11-16T09:29:30.083Z",
                     *           "recordedBy": "demouseroperations000001",
                     *           "confirmedBy": "demouseraccountant000001",
                     *           "invoiceNumber": "R-2026-1002",
                     *           "currency": "USD",
                     *           "id": "z1nfa2te81nqi4zpjxjbknff",
                     *           "confirmedAt": "2026-11-16T09:30:30.357Z",
                     *           "items": [],
                     *           "confirmedByRole": "accountant",
                     *           "status": "Confirmed",
                     *           "updatedAt": "2026-11-16T09:30:30.357Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["BillingEntry"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setBillingDocumentUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "invoice",
                 *       "pdfUrl": "https://files.example.com/documents/d-1001.pdf",
                 *       "invoiceNumber": "INV-2026-0042"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    type: "invoice" | "receipt";
                    /** Format: uri */
                    pdfUrl: string;
                    /** @example INV-2026-0042 */
                    invoiceNumber?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "amount": 16500,
                     *         "orderNumber": 1,
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "receiptFileUrl": "https://files.example.com/receipts/r-1002.pdf",
                     *         "description": "Balance by bank transfer",
                     *         "type": "receipt",
                     *         "customerName": "Layla Haddad",
                     *         "createdAt": "2026-11-16T09:29:30.083Z",
                     *         "recordedBy": "demouseroperations000001",
                     *         "currency": "USD",
                     *         "id": "z1nfa2te81nqi4zpjxjbknff",
                     *         "items": [],
                     *         "status": "Pending",
                     *         "updatedAt": "2026-11-16T09:30:00.220Z",
                     *         "invoiceNumber": "R-2026-1002"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["BillingEntry"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeInspectionStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "InProgress"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    status?: "InProgress" | "Completed" | "Cancelled";
                    photos?: {
                        /**
                         * Format: uri
                         * @example https://example.com/photos/front.jpg
                         */
                        url: string;
                        /**
                         * Format: uri
                         * @example https://example.com/photos/front-150.jpg
                         */
                        thumbnailUrl?: string;
                        /** @example exterior */
                        type?: string;
                        /** @example Front bumper, small scratch */
                        caption?: string;
                        priority?: number;
                        /** Format: date-time */
                        uploadedAt?: string;
                    }[];
                    /** Format: uri */
                    pdfReportUrl?: string;
                    /** @example Underbody checked: no rust */
                    notes?: string;
                };
            };
        };
        responses: {
            /** @description Success: the inspection completed, with a photo and the report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "notes": "No accident history; light scratches on the rear bumper",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "inspectorId": "demouserinspector0000001",
                     *         "photos": [
                     *           {
                     *             "url": "https://files.example.com/inspections/i-1042/front.jpg",
                     *             "type": "exterior",
                     *             "caption": "Front",
                     *             "priority": 1
                     *           }
                     *         ],
                     *         "inspectorName": "Joon Lee (demo inspector)",
                     *         "createdAt": "2026-11-16T09:17:30.795Z",
                     *         "pdfReportUrl": "https://files.example.com/inspections/i-1042/report.pdf",
                     *         "id": "x41jv784e3cd7lz9sh0t3tt5",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "status": "Completed",
                     *         "updatedAt": "2026-11-16T09:18:30.069Z",
                     *         "completedAt": "2026-11-16T09:18:30.069Z",
                     *         "allowedStatusTransitions": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Inspection"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft
             *
             *     **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInspections: {
        parameters: {
            query?: {
                /** @description CUID */
                inspectorId?: string;
                /** @description true: only the inspections still to do (Pending or InProgress) */
                open?: boolean;
                status?: "Pending" | "InProgress" | "Completed" | "Cancelled";
                limit?: number;
                /** @description meta.nextCursor of the previous page */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the inspector's own inspections, by date */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "completedAt": "2026-11-16T09:18:30.069Z",
                     *           "notes": "No accident history; light scratches on the rear bumper",
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "inspectorId": "demouserinspector0000001",
                     *           "photos": [
                     *             {
                     *               "caption": "Front",
                     *               "type": "exterior",
                     *               "priority": 1,
                     *               "url": "https://files.example.com/inspections/i-1042/front.jpg"
                     *             }
                     *           ],
                     *           "inspectorName": "Joon Lee (demo inspector)",
                     *           "createdAt": "2026-11-16T09:17:30.795Z",
                     *           "pdfReportUrl": "https://files.example.com/inspections/i-1042/report.pdf",
                     *           "id": "x41jv784e3cd7lz9sh0t3tt5",
                     *           "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *           "status": "Completed",
                     *           "updatedAt": "2026-11-16T09:18:30.069Z",
                     *           "allowedStatusTransitions": [],
                     *           "orderNumber": 1,
                     *           "customerName": "Layla Haddad"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 20
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["AgendaInspection"][];
                        meta: {
                            limit: number;
                            /** @description pass as cursor for the next page; absent on the last page */
                            nextCursor?: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInspection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "orderId": "ckx8k2m1p0000abcd1234efg",
                 *       "inspectorId": "ckx8k2m1p0000abcd1234efh",
                 *       "inspectionDate": "2026-03-20T10:00:00.000Z",
                 *       "notes": "Check the underbody for rust"
                 *     }
                 */
                "application/json": {
                    /** @description CUID */
                    orderId: string;
                    /** @description CUID */
                    inspectorId: string;
                    /** Format: date-time */
                    inspectionDate?: string;
                    notes?: string;
                    photos?: {
                        /**
                         * Format: uri
                         * @example https://example.com/photos/front.jpg
                         */
                        url: string;
                        /**
                         * Format: uri
                         * @example https://example.com/photos/front-150.jpg
                         */
                        thumbnailUrl?: string;
                        /** @example exterior */
                        type?: string;
                        /** @example Front bumper, small scratch */
                        caption?: string;
                        priority?: number;
                        /** Format: date-time */
                        uploadedAt?: string;
                    }[];
                    /** Format: uri */
                    pdfReportUrl?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "x41jv784e3cd7lz9sh0t3tt5",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "inspectorId": "demouserinspector0000001",
                     *         "inspectorName": "Joon Lee (demo inspector)",
                     *         "status": "Pending",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "notes": "Check the underbody for rust",
                     *         "photos": [],
                     *         "pdfReportUrl": null,
                     *         "createdAt": "2026-11-16T09:17:30.795Z",
                     *         "updatedAt": "2026-11-16T09:17:30.795Z",
                     *         "allowedStatusTransitions": [
                     *           "InProgress",
                     *           "Cancelled"
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Inspection"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInspection: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "completedAt": "2026-11-16T09:18:30.069Z",
                     *         "notes": "No accident history; light scratches on the rear bumper",
                     *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *         "inspectorId": "demouserinspector0000001",
                     *         "photos": [
                     *           {
                     *             "caption": "Front",
                     *             "type": "exterior",
                     *             "priority": 1,
                     *             "url": "https://files.example.com/inspections/i-1042/front.jpg"
                     *           }
                     *         ],
                     *         "inspectorName": "Joon Lee (demo inspector)",
                     *         "createdAt": "2026-11-16T09:17:30.795Z",
                     *         "pdfReportUrl": "https://files.example.com/inspections/i-1042/report.pdf",
                     *         "id": "x41jv784e3cd7lz9sh0t3tt5",
                     *         "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *         "status": "Completed",
                     *         "updatedAt": "2026-11-16T09:18:30.069Z",
                     *         "allowedStatusTransitions": []
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Inspection"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrderInspections: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "completedAt": "2026-11-16T09:18:30.069Z",
                     *           "notes": "No accident history; light scratches on the rear bumper",
                     *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "inspectorId": "demouserinspector0000001",
                     *           "photos": [
                     *             {
                     *               "caption": "Front",
                     *               "type": "exterior",
                     *               "priority": 1,
                     *               "url": "https://files.example.com/inspections/i-1042/front.jpg"
                     *             }
                     *           ],
                     *           "inspectorName": "Joon Lee (demo inspector)",
                     *           "createdAt": "2026-11-16T09:17:30.795Z",
                     *           "pdfReportUrl": "https://files.example.com/inspections/i-1042/report.pdf",
                     *           "id": "x41jv784e3cd7lz9sh0t3tt5",
                     *           "inspectionDate": "2026-12-01T10:00:00.000Z",
                     *           "status": "Completed",
                     *           "updatedAt": "2026-11-16T09:18:30.069Z",
                     *           "allowedStatusTransitions": []
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Inspection"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                role?: "admin" | "operations" | "accountant" | "marketer" | "inspector" | "integrator";
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "role": "inspector",
                     *           "mobileNumber": "+971501110004",
                     *           "active": true,
                     *           "language": "en",
                     *           "createdAt": "2026-11-15T09:03:00.296Z",
                     *           "name": "Joon Lee (demo inspector)",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "demouserinspector0000001",
                     *           "email": "joon@gulfmotors.example",
                     *           "updatedAt": "2026-11-15T09:03:00.296Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["User"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Omar Saleh",
                 *       "role": "admin",
                 *       "mobileNumber": "+971501234567",
                 *       "email": "layla@example.com",
                 *       "language": "en",
                 *       "tenantId": "ckx8k2m1p0000abcd1234efg"
                 *     }
                 */
                "application/json": {
                    /** @example Omar Saleh */
                    name: string;
                    /** @enum {string} */
                    role: "admin" | "operations" | "accountant" | "marketer" | "inspector" | "integrator";
                    /**
                     * Format: phone
                     * @description with its country code, e.g. +971501234567; unique within the tenant
                     */
                    mobileNumber: string;
                    /** Format: email */
                    email?: string;
                    /**
                     * @description language of the chat messages the user receives
                     * @enum {string}
                     */
                    language?: "en" | "ar";
                    /** @description CUID */
                    tenantId?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "b27u6uplgl5egk2l83zh0dfd",
                     *         "name": "Hana Choi",
                     *         "role": "operations",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "mobileNumber": "+971501110009",
                     *         "email": "hana@gulfmotors.example",
                     *         "language": "en",
                     *         "active": true,
                     *         "createdAt": "2026-11-16T10:02:00.988Z",
                     *         "updatedAt": "2026-11-16T10:02:00.988Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["User"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **DUPLICATE**: a unique value is taken, e.g. the mobile number in this tenant */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "role": "operations",
                     *         "mobileNumber": "+971501110009",
                     *         "active": false,
                     *         "language": "ar",
                     *         "createdAt": "2026-11-16T10:02:00.988Z",
                     *         "name": "Hana Choi",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "b27u6uplgl5egk2l83zh0dfd",
                     *         "email": "hana@gulfmotors.example",
                     *         "updatedAt": "2026-11-16T10:07:30.495Z",
                     *         "deactivatedAt": "2026-11-16T10:07:30.495Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "role": "operations",
                     *         "mobileNumber": "+971501110009",
                     *         "active": true,
                     *         "language": "en",
                     *         "createdAt": "2026-11-16T10:02:00.988Z",
                     *         "name": "Hana Choi",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "b27u6uplgl5egk2l83zh0dfd",
                     *         "email": "hana@gulfmotors.example",
                     *         "updatedAt": "2026-11-16T10:02:00.988Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["User"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Omar Saleh",
                 *       "mobileNumber": "+971501234567",
                 *       "email": "layla@example.com",
                 *       "language": "en",
                 *       "active": true
                 *     }
                 */
                "application/json": {
                    /** @example Omar Saleh */
                    name?: string;
                    /**
                     * Format: phone
                     * @description with its country code, e.g. +971501234567; unique within the tenant
                     */
                    mobileNumber?: string;
                    /** Format: email */
                    email?: string;
                    /**
                     * @description language of the chat messages the user receives
                     * @enum {string}
                     */
                    language?: "en" | "ar";
                    active?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "role": "operations",
                     *         "mobileNumber": "+971501110009",
                     *         "active": true,
                     *         "language": "ar",
                     *         "createdAt": "2026-11-16T10:02:00.988Z",
                     *         "name": "Hana Choi",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "b27u6uplgl5egk2l83zh0dfd",
                     *         "email": "hana@gulfmotors.example",
                     *         "updatedAt": "2026-11-16T10:03:30.399Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["User"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **DUPLICATE**: a unique value is taken, e.g. the mobile number in this tenant */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listInspectors: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: whom an inspection can name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "demouserinspector0000001",
                     *           "name": "Joon Lee (demo inspector)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Inspector"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putTenantProfileImage: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path: {
                /**
                 * @description logo or stamp
                 * @example logo
                 */
                image: "logo" | "stamp";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contentType": "image/png",
                 *       "data": "iVBORw0KGgoAAAANSUhEUgAA..."
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    contentType: "image/png" | "image/jpeg";
                    /**
                     * @description the image, base64
                     * @example iVBORw0KGgoAAAANSUhEUgAA...
                     */
                    data: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "address": {
                     *           "city": "Dubai",
                     *           "country": "AE",
                     *           "line1": "Office 1204, Al Moosa Tower 2"
                     *         },
                     *         "taxNumber": "100234567800003",
                     *         "legalName": {
                     *           "en": "Gulf Motors Trading LLC",
                     *           "ar": "شركة جلف موتورز للتجارة ذ.م.م"
                     *         },
                     *         "bank": {
                     *           "bankName": "Emirates NBD",
                     *           "accountName": "Gulf Motors Trading LLC",
                     *           "iban": "AE070331234567890123456",
                     *           "swift": "EBILAEAD"
                     *         },
                     *         "phone": "+97143334444",
                     *         "registrationNumber": "DED-1029384",
                     *         "defaultIncoterms": "CFR",
                     *         "portOfLoading": "Incheon, Korea",
                     *         "email": "accounts@gulfmotors.example",
                     *         "logo": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/logo-f57dce7399ae6cc3.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=2907637d0463a73838e74bf1974713819e1a246dadd40b5c6940284c656a8cb1",
                     *           "width": 400,
                     *           "uploadedAt": "2026-11-15T09:00:00.137Z",
                     *           "contentType": "image/png",
                     *           "bytes": 2505,
                     *           "height": 200
                     *         },
                     *         "stamp": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/stamp-db14d787ffcf7d45.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=67c66d9e7dbd55ff309c35481f3a876b6663242306dde665f05e0c05fc8bbdf8",
                     *           "contentType": "image/png",
                     *           "width": 160,
                     *           "height": 160,
                     *           "bytes": 106,
                     *           "uploadedAt": "2026-11-16T10:01:00.714Z"
                     *         },
                     *         "version": 5,
                     *         "updatedAt": "2026-11-16T10:01:01.767Z",
                     *         "missing": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         },
                     *         "missingInArabic": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["TenantProfile"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteTenantProfileImage: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path: {
                /**
                 * @description logo or stamp
                 * @example logo
                 */
                image: "logo" | "stamp";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the profile has no logo now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "address": {
                     *           "city": "Dubai",
                     *           "country": "AE",
                     *           "line1": "Office 1204, Al Moosa Tower 2"
                     *         },
                     *         "taxNumber": "100234567800003",
                     *         "legalName": {
                     *           "en": "Gulf Motors Trading LLC",
                     *           "ar": "شركة جلف موتورز للتجارة ذ.م.م"
                     *         },
                     *         "bank": {
                     *           "bankName": "Emirates NBD",
                     *           "accountName": "Gulf Motors Trading LLC",
                     *           "iban": "AE070331234567890123456",
                     *           "swift": "EBILAEAD"
                     *         },
                     *         "phone": "+97143334444",
                     *         "registrationNumber": "DED-1029384",
                     *         "defaultIncoterms": "CFR",
                     *         "portOfLoading": "Incheon, Korea",
                     *         "email": "accounts@gulfmotors.example",
                     *         "stamp": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/stamp-db14d787ffcf7d45.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=67c66d9e7dbd55ff309c35481f3a876b6663242306dde665f05e0c05fc8bbdf8",
                     *           "width": 160,
                     *           "uploadedAt": "2026-11-16T10:01:00.714Z",
                     *           "contentType": "image/png",
                     *           "bytes": 106,
                     *           "height": 160
                     *         },
                     *         "version": 6,
                     *         "updatedAt": "2026-11-16T10:01:30.851Z",
                     *         "missing": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         },
                     *         "missingInArabic": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["TenantProfile"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTenantProfile: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: as the demo seed set it: every document can be generated */
            200: {
                headers: {
                    /** @description the profile's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "address": {
                     *           "country": "AE",
                     *           "line2": "Ras Al Khor Industrial Area 3",
                     *           "city": "Dubai",
                     *           "line1": "Showroom 27, Al Aweer Auto Market",
                     *           "postalCode": "PO Box 118245"
                     *         },
                     *         "taxNumber": "100384726500003",
                     *         "legalName": {
                     *           "en": "Gulf Motors Used Cars Trading L.L.C.",
                     *           "ar": "جلف موتورز لتجارة السيارات المستعملة ذ.م.م"
                     *         },
                     *         "bank": {
                     *           "bankName": "Emirates NBD",
                     *           "accountName": "Gulf Motors Used Cars Trading L.L.C.",
                     *           "iban": "AE050261015204736891001",
                     *           "swift": "EBILAEAD"
                     *         },
                     *         "phone": "+97143205544",
                     *         "registrationNumber": "DED-1048273",
                     *         "defaultIncoterms": "CFR",
                     *         "portOfLoading": "Incheon, Korea",
                     *         "email": "accounts@gulfmotors.example",
                     *         "logo": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/logo-f57dce7399ae6cc3.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=2907637d0463a73838e74bf1974713819e1a246dadd40b5c6940284c656a8cb1",
                     *           "width": 400,
                     *           "uploadedAt": "2026-11-15T09:00:00.137Z",
                     *           "contentType": "image/png",
                     *           "bytes": 2505,
                     *           "height": 200
                     *         },
                     *         "stamp": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/stamp-69a18f2c44f5853b.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=ab2b8bef2181657fb7d36bbce7f5984d294b600b398f180ede5dd98f754ece05",
                     *           "width": 300,
                     *           "uploadedAt": "2026-11-15T09:01:00.190Z",
                     *           "contentType": "image/png",
                     *           "bytes": 9048,
                     *           "height": 300
                     *         },
                     *         "version": 3,
                     *         "updatedAt": "2026-11-15T09:02:00.243Z",
                     *         "missing": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         },
                     *         "missingInArabic": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["TenantProfile"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putTenantProfile: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: {
                /**
                 * @description The profile's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "legalName": {
                 *         "en": "Gulf Motors Trading LLC",
                 *         "ar": "شركة جلف موتورز للتجارة ذ.م.م"
                 *       },
                 *       "address": {
                 *         "line1": "Office 1204, Al Moosa Tower 2",
                 *         "city": "Dubai",
                 *         "country": "AE"
                 *       },
                 *       "registrationNumber": "DED-1029384",
                 *       "taxNumber": "100234567800003",
                 *       "phone": "+97143334444",
                 *       "email": "accounts@gulfmotors.example",
                 *       "bank": {
                 *         "bankName": "Emirates NBD",
                 *         "accountName": "Gulf Motors Trading LLC",
                 *         "iban": "AE070331234567890123456",
                 *         "swift": "EBILAEAD"
                 *       },
                 *       "defaultIncoterms": "CFR",
                 *       "portOfLoading": "Incheon, Korea"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description the registered name, in English and Arabic
                     * @example {
                     *       "en": "Gulf Motors Trading LLC",
                     *       "ar": "شركة جلف موتورز للتجارة ذ.م.م"
                     *     }
                     */
                    legalName?: {
                        en?: string;
                        ar?: string;
                    };
                    /**
                     * @example {
                     *       "line1": "Office 1204, Al Moosa Tower 2",
                     *       "city": "Dubai",
                     *       "country": "AE"
                     *     }
                     */
                    address?: {
                        line1?: string;
                        /** @example Sheikh Zayed Road */
                        line2?: string;
                        city?: string;
                        /** @example PO Box 123456 */
                        postalCode?: string;
                        /** @description ISO 3166-1 alpha-2, e.g. AE */
                        country?: string;
                    };
                    registrationNumber?: string;
                    taxNumber?: string;
                    /**
                     * Format: phone
                     * @description with its country code, e.g. +971501234567
                     */
                    phone?: string;
                    /** Format: email */
                    email?: string;
                    bank?: {
                        bankName?: string;
                        accountName?: string;
                        /** @description ISO 13616, spaces allowed, e.g. AE07 0331 2345 6789 0123 456 */
                        iban?: string;
                        /**
                         * @description the account number, for a bank in a country without IBANs (Korea, the US); a proforma needs this or the IBAN
                         * @example 140-013-456789
                         */
                        accountNumber?: string;
                        /** @description SWIFT/BIC, 8 or 11 characters, e.g. EBILAEAD */
                        swift?: string;
                    };
                    /**
                     * @description Incoterms 2020 rule printed on invoices
                     * @enum {string}
                     */
                    defaultIncoterms?: "EXW" | "FCA" | "FAS" | "FOB" | "CFR" | "CIF" | "CPT" | "CIP" | "DAP" | "DPU" | "DDP";
                    portOfLoading?: string;
                    /**
                     * @description how Arabic documents write amounts, dates and quantities: western (1,500.50, the default) or arabic-indic (١٬٥٠٠٫٥٠); codes, VINs, IBANs and phone numbers stay as written
                     * @enum {string}
                     */
                    arabicDigits?: "western" | "arabic-indic";
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: the IBAN is stored without its spaces; the logo and stamp stay */
            200: {
                headers: {
                    /** @description the profile's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "legalName": {
                     *           "en": "Gulf Motors Trading LLC",
                     *           "ar": "شركة جلف موتورز للتجارة ذ.م.م"
                     *         },
                     *         "address": {
                     *           "line1": "Office 1204, Al Moosa Tower 2",
                     *           "city": "Dubai",
                     *           "country": "AE"
                     *         },
                     *         "registrationNumber": "DED-1029384",
                     *         "taxNumber": "100234567800003",
                     *         "phone": "+97143334444",
                     *         "email": "accounts@gulfmotors.example",
                     *         "bank": {
                     *           "bankName": "Emirates NBD",
                     *           "accountName": "Gulf Motors Trading LLC",
                     *           "iban": "AE070331234567890123456",
                     *           "swift": "EBILAEAD"
                     *         },
                     *         "defaultIncoterms": "CFR",
                     *         "portOfLoading": "Incheon, Korea",
                     *         "logo": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/logo-f57dce7399ae6cc3.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=2907637d0463a73838e74bf1974713819e1a246dadd40b5c6940284c656a8cb1",
                     *           "width": 400,
                     *           "uploadedAt": "2026-11-15T09:00:00.137Z",
                     *           "contentType": "image/png",
                     *           "bytes": 2505,
                     *           "height": 200
                     *         },
                     *         "stamp": {
                     *           "url": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/tenants/demotenantgulfmotors0001/profile/stamp-69a18f2c44f5853b.png?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20261116%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20261116T093000Z&X-Amz-Expires=900&X-Amz-SignedHeaders=host&X-Amz-Signature=ab2b8bef2181657fb7d36bbce7f5984d294b600b398f180ede5dd98f754ece05",
                     *           "width": 300,
                     *           "uploadedAt": "2026-11-15T09:01:00.190Z",
                     *           "contentType": "image/png",
                     *           "bytes": 9048,
                     *           "height": 300
                     *         },
                     *         "version": 4,
                     *         "updatedAt": "2026-11-16T09:59:00.166Z",
                     *         "missing": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         },
                     *         "missingInArabic": {
                     *           "customs-invoice": [],
                     *           "proforma-invoice": [],
                     *           "contract": []
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["TenantProfile"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getImportRule: {
        parameters: {
            query?: {
                /** @description platform keys: the tenant whose own rule this is (without it, the platform's default) */
                tenantId?: string;
            };
            header?: never;
            path: {
                /**
                 * @description ISO 3166-1 alpha-2 country code
                 * @example KW
                 */
                country: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    /** @description the import rule's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "country": "KW",
                     *         "maxAgeYears": 5,
                     *         "ageCountedFrom": "model-year",
                     *         "ageCountedTo": "order",
                     *         "refusedDamage": [
                     *           "flood",
                     *           "total_loss"
                     *         ],
                     *         "fuelTypesRefused": [],
                     *         "documents": [
                     *           "Title and proof of registration",
                     *           "No-objection letter of the traffic department of origin",
                     *           "Certificate of origin"
                     *         ],
                     *         "permits": [],
                     *         "note": "Cars over 5 years old are refused (trucks 10). Ministerial order 59/2010 could not be found; exporters also cite law 147 of 2000. Whether the age counts from the model year or the first registration is not settled: counted here from the model year. The damage refusal is the usual Gulf practice, not seen in a Kuwaiti text.",
                     *         "source": "Embassy of the State of Kuwait in Canada, \"Importing into Kuwait\" (undated); exporters' country pages",
                     *         "asOf": "2026-11-16",
                     *         "confirmed": false,
                     *         "origin": "default",
                     *         "version": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ImportRule"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putImportRule: {
        parameters: {
            query?: {
                /** @description platform keys: the tenant whose own rule this is (without it, the platform's default) */
                tenantId?: string;
            };
            header?: {
                /**
                 * @description The import rule's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description ISO 3166-1 alpha-2 country code
                 * @example KW
                 */
                country: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "maxAgeYears": 5,
                 *       "ageCountedFrom": "model-year",
                 *       "ageCountedTo": "order",
                 *       "refusedDamage": [
                 *         "flood",
                 *         "total_loss"
                 *       ],
                 *       "fuelTypesRefused": [],
                 *       "documents": [
                 *         "Certificate of origin"
                 *       ],
                 *       "permits": [],
                 *       "note": "Stricter than the default: our Kuwait clearing agent refuses salvage titles",
                 *       "source": "Clearing agent letter of 2026-11-30",
                 *       "asOf": "2026-11-30",
                 *       "confirmed": true
                 *     }
                 */
                "application/json": {
                    /** @description oldest a car may be, in whole years; no limit when absent */
                    maxAgeYears?: number;
                    /**
                     * @description where the age starts: the model year (its 1 January) or the first registration
                     * @enum {string}
                     */
                    ageCountedFrom: "model-year" | "first-registration";
                    /**
                     * @description the day the age is counted to: the order date, or the arrival (the ETA, else 60 days after the order)
                     * @enum {string}
                     */
                    ageCountedTo: "order" | "arrival";
                    refusedDamage: ("accident" | "total_loss" | "flood")[];
                    /** @description engine sizes let in, in cc */
                    engine?: {
                        minCc?: number;
                        maxCc?: number;
                    };
                    fuelTypesRefused: ("Gasoline" | "Diesel" | "LPG" | "Hybrid" | "Electric" | "Hydrogen")[];
                    /** @description what the buyer will need at the destination */
                    documents: string[];
                    /** @description what the exporter needs on the Korean side */
                    permits: components["schemas"]["ImportPermit"][];
                    note: string;
                    /** @description the document or page the figures come from */
                    source: string;
                    /**
                     * Format: date
                     * @description the day the source was read
                     */
                    asOf: string;
                    /** @description false while the figure rests on secondary sources only */
                    confirmed: boolean;
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success: the tenant's own rule for Bahrain, looser than the default */
            200: {
                headers: {
                    /** @description the import rule's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "country": "BH",
                     *         "maxAgeYears": 10,
                     *         "ageCountedFrom": "model-year",
                     *         "ageCountedTo": "order",
                     *         "refusedDamage": [
                     *           "flood",
                     *           "total_loss"
                     *         ],
                     *         "fuelTypesRefused": [],
                     *         "documents": [
                     *           "Customs declaration",
                     *           "Traffic technical inspection"
                     *         ],
                     *         "permits": [],
                     *         "note": "Our buyers pay the BD 1,000 fee for cars over 5 years",
                     *         "source": "Bahrain clearing agent, letter of 2026-12-01",
                     *         "asOf": "2026-11-09",
                     *         "confirmed": true,
                     *         "version": 2,
                     *         "updatedAt": "2026-11-16T10:12:00.728Z",
                     *         "updatedBy": "wsvb3q774ck9nt91opldq4ff",
                     *         "origin": "tenant"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ImportRule"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteImportRule: {
        parameters: {
            query?: {
                /** @description platform keys: the tenant whose own rule this is (without it, the platform's default) */
                tenantId?: string;
            };
            header?: {
                /**
                 * @description The import rule's ETag from your last read (e.g. "3"): the change applies only to that version, else 412 PRECONDITION_FAILED. When both are sent they must name the same version.
                 * @example "3"
                 */
                "If-Match"?: string;
            };
            path: {
                /**
                 * @description ISO 3166-1 alpha-2 country code
                 * @example KW
                 */
                country: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: back to the default, which is answered */
            200: {
                headers: {
                    /** @description the import rule's version, quoted, e.g. "3" */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "country": "BH",
                     *         "maxAgeYears": 5,
                     *         "ageCountedFrom": "model-year",
                     *         "ageCountedTo": "order",
                     *         "refusedDamage": [
                     *           "flood",
                     *           "total_loss"
                     *         ],
                     *         "fuelTypesRefused": [],
                     *         "documents": [
                     *           "Customs declaration",
                     *           "Traffic technical inspection (clearance certificate)",
                     *           "Insurance"
                     *         ],
                     *         "permits": [],
                     *         "note": "Sources disagree: the government, answering parliament, speaks of 5 years, with older cars registrable for personal use for a BD 1,000 fee since the 2021 amendment of Art. 98 of the traffic regulations; \"10 years\" appears only on an exporter's page. 5 is kept; an admin may loosen it for a buyer who pays the fee.",
                     *         "source": "Government reply to parliament on the over-5-year registration fee (News of Bahrain); Bahrain Customs, \"Importing your own motor vehicle\"",
                     *         "asOf": "2026-11-16",
                     *         "confirmed": false,
                     *         "origin": "default",
                     *         "version": 1
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ImportRule"] | {
                            country: string;
                            /** @constant */
                            origin: "none";
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PRECONDITION_FAILED**: the If-Match header names a version that is no longer current */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listImportRules: {
        parameters: {
            query?: {
                /** @description platform keys: the tenant whose own rule this is (without it, the platform's default) */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: the rules in force for this tenant (shortened here) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "country": "AE",
                     *           "ageCountedFrom": "model-year",
                     *           "ageCountedTo": "order",
                     *           "refusedDamage": [
                     *             "flood",
                     *             "total_loss"
                     *           ],
                     *           "fuelTypesRefused": [],
                     *           "documents": [
                     *             "VIN check in the Ministry of Industry and Advanced Technology used-vehicle system before shipping",
                     *             "Certificate of origin",
                     *             "Export declaration and bill of lading"
                     *           ],
                     *           "permits": [],
                     *           "note": "No age limit found in force (a 5-year cap announced for 2009 was not applied). Since 2017-05-01 seven kinds of used car are refused by VIN: burnt, scrap, flooded, dismantled, seriously damaged in an accident, beyond repair to the original state, or with a manufacturing defect. Cars imported for re-export are exempt. Cars seriously damaged in an accident are refused too: the catalogue records any accident, so staff check the inspection report of a car with one.",
                     *           "source": "ESMA (now MoIAT) ban on damaged used vehicles from 1 May 2017 (Gulf News, 2017); MoIAT figures on blocked vehicles (Zawya, 2023-04-11)",
                     *           "asOf": "2026-11-16",
                     *           "confirmed": true,
                     *           "origin": "default",
                     *           "version": 1
                     *         },
                     *         {
                     *           "country": "BH",
                     *           "maxAgeYears": 5,
                     *           "ageCountedFrom": "model-year",
                     *           "ageCountedTo": "order",
                     *           "refusedDamage": [
                     *             "flood",
                     *             "total_loss"
                     *           ],
                     *           "fuelTypesRefused": [],
                     *           "documents": [
                     *             "Customs declaration",
                     *             "Traffic technical inspection (clearance certificate)",
                     *             "Insurance"
                     *           ],
                     *           "permits": [],
                     *           "note": "Sources disagree: the government, answering parliament, speaks of 5 years, with older cars registrable for personal use for a BD 1,000 fee since the 2021 amendment of Art. 98 of the traffic regulations; \"10 years\" appears only on an exporter's page. 5 is kept; an admin may loosen it for a buyer who pays the fee.",
                     *           "source": "Government reply to parliament on the over-5-year registration fee (News of Bahrain); Bahrain Customs, \"Importing your own motor vehicle\"",
                     *           "asOf": "2026-11-16",
                     *           "confirmed": false,
                     *           "origin": "default",
                     *           "version": 1
                     *         },
                     *         {
                     *           "country": "BY",
                     *           "ageCountedFrom": "model-year",
                     *           "ageCountedTo": "order",
                     *           "refusedDamage": [],
                     *           "fuelTypesRefused": [],
                     *           "documents": [],
                     *           "permits": [
                     *             {
                     *               "name": "Korean strategic-items situational export permit (MOTIE)",
                     *               "engineOverCc": 2000,
                     *               "note": "MOTIE's 33rd amendment of the Public Notice on Export and Import of Strategic Items (in force 2024-02-24) lists passenger cars with engines over 2,000 cc for Russia and Belarus: banned in principle, a permit is reviewed case by case. Reports of the December 2023 pre-announcement said 2,000 cc or more; those of the final notice say over 2,000 cc."
                     *             }
                     *           ],
                     *           "note": "Only the Korean side is recorded: Belarus is on the same strategic-items list as Russia.",
                     *           "source": "MOTIE 33rd amendment of the strategic-items notice, in force 2024-02-24 (Chosun Biz, 2024-02-20)",
                     *           "asOf": "2026-11-16",
                     *           "confirmed": true,
                     *           "origin": "default",
                     *           "version": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ImportRule"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: an operations user’s key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "keyId": "zdgsvpsilbfwbg9itd1yba0z",
                     *         "role": "operations",
                     *         "allowedRoutes": [
                     *           "*"
                     *         ],
                     *         "routes": [
                     *           "POST /api/v1/customers",
                     *           "GET /api/v1/customers/{id}",
                     *           "GET /api/v1/customers"
                     *         ],
                     *         "expiresAt": null,
                     *         "tenant": {
                     *           "id": "demotenantgulfmotors0001",
                     *           "name": "Gulf Motors",
                     *           "defaultLanguage": "en",
                     *           "timeZone": "Asia/Dubai"
                     *         },
                     *         "user": {
                     *           "id": "b27u6uplgl5egk2l83zh0dfd",
                     *           "name": "Hana Choi",
                     *           "language": "ar"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Me"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApiKeys: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "role": "operations",
                     *           "prefix": "vpo_xPSszD",
                     *           "userId": "b27u6uplgl5egk2l83zh0dfd",
                     *           "createdAt": "2026-11-16T10:06:00.084Z",
                     *           "allowedRoutes": [
                     *             "*"
                     *           ],
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "name": "Hana laptop",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "em846q0z4cyp1549wk38l6ue",
                     *           "revokedAt": "2026-11-16T10:07:00.358Z"
                     *         },
                     *         {
                     *           "rotatedTo": "em846q0z4cyp1549wk38l6ue",
                     *           "role": "operations",
                     *           "prefix": "vpo_2Pz_r_",
                     *           "userId": "b27u6uplgl5egk2l83zh0dfd",
                     *           "disabledAt": "2026-11-16T10:07:31.548Z",
                     *           "createdAt": "2026-11-16T10:04:30.673Z",
                     *           "allowedRoutes": [
                     *             "*"
                     *           ],
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "lastUsedAt": "2026-11-16T10:05:00.810Z",
                     *           "name": "Hana laptop",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "zdgsvpsilbfwbg9itd1yba0z",
                     *           "expiresAt": "2026-11-16T11:07:00.000Z"
                     *         },
                     *         {
                     *           "rateLimit": {
                     *             "rps": 100000,
                     *             "burst": 100000,
                     *             "quotaPerDay": 100000000
                     *           },
                     *           "role": "integrator",
                     *           "prefix": "vpo_UnRm_B",
                     *           "createdAt": "2026-11-15T09:04:00.349Z",
                     *           "allowedRoutes": [
                     *             "*"
                     *           ],
                     *           "createdBy": "staff-cli",
                     *           "lastUsedAt": "2026-11-16T09:03:00.822Z",
                     *           "name": "demo: Gulf Motors integrator",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "ayglsc04lks9b9d4aj2dcea2"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ApiKey"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Storefront integration",
                 *       "role": "admin",
                 *       "userId": "ckx8k2m1p0000abcd1234efg",
                 *       "tenantId": "ckx8k2m1p0000abcd1234efg",
                 *       "allowedRoutes": [
                 *         "GET /api/v1/cars"
                 *       ],
                 *       "rateLimit": {
                 *         "rps": 1,
                 *         "burst": 1,
                 *         "quotaPerDay": 1
                 *       },
                 *       "expiresAt": "2026-03-14T09:30:00.000Z"
                 *     }
                 */
                "application/json": {
                    /** @example Storefront integration */
                    name: string;
                    /** @enum {string} */
                    role?: "admin" | "operations" | "accountant" | "marketer" | "inspector" | "integrator";
                    /** @description CUID */
                    userId?: string;
                    /** @description CUID */
                    tenantId?: string;
                    allowedRoutes?: string[];
                    rateLimit?: {
                        rps?: number;
                        burst?: number;
                        quotaPerDay?: number;
                    };
                    /** Format: date-time */
                    expiresAt?: string;
                };
            };
        };
        responses: {
            /** @description Created: the key is shown in this answer only */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "key": "vpo_2Pz_r_Ln_WyH0erYqYdNWbzmXej7rrdaOZYYltFu",
                     *         "apiKey": {
                     *           "id": "zdgsvpsilbfwbg9itd1yba0z",
                     *           "name": "Hana laptop",
                     *           "prefix": "vpo_2Pz_r_",
                     *           "role": "operations",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "userId": "b27u6uplgl5egk2l83zh0dfd",
                     *           "allowedRoutes": [
                     *             "*"
                     *           ],
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "createdAt": "2026-11-16T10:04:30.673Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the key itself: shown this once, never again */
                            key: string;
                            apiKey: components["schemas"]["ApiKey"];
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "role": "operations",
                     *         "prefix": "vpo_xPSszD",
                     *         "userId": "b27u6uplgl5egk2l83zh0dfd",
                     *         "createdAt": "2026-11-16T10:06:00.084Z",
                     *         "allowedRoutes": [
                     *           "*"
                     *         ],
                     *         "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *         "name": "Hana laptop",
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "em846q0z4cyp1549wk38l6ue",
                     *         "revokedAt": "2026-11-16T10:07:00.358Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["ApiKey"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "graceSeconds": 1
                 *     }
                 */
                "application/json": {
                    graceSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "key": "vpo_xPSszDBEgy_qB5As2HxXtFUUKXEhEIR1FdgAfGS5",
                     *         "apiKey": {
                     *           "id": "em846q0z4cyp1549wk38l6ue",
                     *           "name": "Hana laptop",
                     *           "prefix": "vpo_xPSszD",
                     *           "role": "operations",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "userId": "b27u6uplgl5egk2l83zh0dfd",
                     *           "allowedRoutes": [
                     *             "*"
                     *           ],
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "createdAt": "2026-11-16T10:06:00.084Z"
                     *         },
                     *         "previous": {
                     *           "role": "operations",
                     *           "prefix": "vpo_2Pz_r_",
                     *           "userId": "b27u6uplgl5egk2l83zh0dfd",
                     *           "createdAt": "2026-11-16T10:04:30.673Z",
                     *           "allowedRoutes": [
                     *             "*"
                     *           ],
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "lastUsedAt": "2026-11-16T10:05:00.810Z",
                     *           "name": "Hana laptop",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "zdgsvpsilbfwbg9itd1yba0z",
                     *           "rotatedTo": "em846q0z4cyp1549wk38l6ue",
                     *           "expiresAt": "2026-11-16T11:06:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the key itself: shown this once, never again */
                            key: string;
                            apiKey: components["schemas"]["ApiKey"];
                            previous: components["schemas"]["ApiKey"];
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAudit: {
        parameters: {
            query?: {
                entity?: "order" | "billing" | "contract" | "inspection" | "wallet" | "customer" | "user" | "apiKey" | "tenant" | "webhookEndpoint" | "importRule";
                /** @description CUID */
                id?: string;
                from?: string;
                to?: string;
                limit?: number;
                cursor?: string;
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "entityId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "actor": {
                     *             "keyId": "a7709cpopi059hyb72wl0mo1",
                     *             "userId": "demouseroperations000001",
                     *             "role": "operations"
                     *           },
                     *           "at": "2026-11-16T09:48:31.342Z",
                     *           "requestId": "2cd53dca-4097-1dfa-b293-2aef01b0439a",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "action": "documentCourier.set",
                     *           "id": "zrccjwgc223pzops76cs5yjq",
                     *           "changes": {
                     *             "version": {
                     *               "before": 23,
                     *               "after": 24
                     *             },
                     *             "documentCourier": {
                     *               "after": {
                     *                 "carrier": "DHL",
                     *                 "trackingNumber": "1234567890",
                     *                 "sentAt": "2026-11-16",
                     *                 "at": "2026-11-16T09:48:30.289Z"
                     *               }
                     *             }
                     *           },
                     *           "entity": "order"
                     *         },
                     *         {
                     *           "entityId": "zj4o55u2a8448bf1ecnikz5b",
                     *           "actor": {
                     *             "keyId": "a7709cpopi059hyb72wl0mo1",
                     *             "userId": "demouseroperations000001",
                     *             "role": "operations"
                     *           },
                     *           "at": "2026-11-16T09:46:31.794Z",
                     *           "requestId": "1ff8f847-358c-d1e9-300d-5aa737f1cab5",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "action": "consignee.set",
                     *           "id": "yknqm3j3eitzbtrkwleri3n1",
                     *           "changes": {
                     *             "version": {
                     *               "before": 22,
                     *               "after": 23
                     *             },
                     *             "consignee": {
                     *               "after": {
                     *                 "name": "Al Noor Trading LLC",
                     *                 "address": "Office 12, Al Quoz Industrial Area 3",
                     *                 "city": "Dubai",
                     *                 "country": "United Arab Emirates",
                     *                 "phone": "+971501234567",
                     *                 "email": "imports@alnoor.example",
                     *                 "idNumber": "TL-1048833",
                     *                 "notifyParty": "Al Futtaim Logistics, Jebel Ali Free Zone",
                     *                 "givenBy": "staff",
                     *                 "by": "demouseroperations000001",
                     *                 "at": "2026-11-16T09:46:30.741Z"
                     *               }
                     *             }
                     *           },
                     *           "entity": "order"
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 2,
                     *         "nextCursor": "r5GAiHXulggGAdZvDPzzKUCEAxGNpz6XLhCN7U_4QWI5CStVwinGTKAESCgcS1x8DnXoe8ajrVjTkOmwS3M47k5Pbh7Y75W3UUy47JkDMQDqWK6osr0tLM-nFaY9_Xknod4vj9wWKOnD2bWUHyUKdo1F527993IPHSbpYPZjbCmMtWgO_H53lp9bxoxo0Mxr74pTPejBFtRatipiey5nnj08ZoEpPlp3193iYf038KBkA6B2mY5KjwA_R-pcv47eUoCrYoMEfyQeNQ1-4rMrYP1HZ87uzoJdrrZaswm-QtLRcujCSzb"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["AuditRecord"][];
                        meta: {
                            limit: number;
                            /** @description pass as cursor for the next page; absent on the last page */
                            nextCursor?: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "description": "ERP order sync",
                     *           "eventTypes": [
                     *             "order.created",
                     *             "order.status_changed",
                     *             "contract.signed"
                     *           ],
                     *           "version": 1,
                     *           "enabled": true,
                     *           "url": "https://erp.gulfmotors.example/hooks/orders",
                     *           "createdAt": "2026-11-16T09:02:00.548Z",
                     *           "lastSuccessAt": "2026-11-16T09:09:05.731Z",
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "consecutiveFailures": 0,
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "ermkz7ggv6dhxyvag0fajn4m",
                     *           "updatedAt": "2026-11-16T09:02:00.548Z",
                     *           "secretPrefix": "whsec_ybM56i"
                     *         },
                     *         {
                     *           "lastFailureAt": "2026-11-16T10:16:30.961Z",
                     *           "description": "staging receiver",
                     *           "failingSince": "2026-11-16T09:09:04.678Z",
                     *           "eventTypes": [
                     *             "order.created",
                     *             "order.status_changed"
                     *           ],
                     *           "version": 1,
                     *           "enabled": true,
                     *           "url": "https://staging-erp.gulfmotors.example/hooks/orders",
                     *           "createdAt": "2026-11-16T09:02:30.685Z",
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "consecutiveFailures": 12,
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "xa5e1ljphw4skauu4tisx2ag",
                     *           "updatedAt": "2026-11-16T09:02:30.685Z",
                     *           "secretPrefix": "whsec_zpqaK7"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/orders",
                 *       "eventTypes": [
                 *         "order.created"
                 *       ],
                 *       "description": "Order updates for the ERP",
                 *       "tenantId": "ckx8k2m1p0000abcd1234efg"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description where events are POSTed: https in AWS (a public host); http and localhost too on the local stack
                     * @example https://example.com/hooks/orders
                     */
                    url: string;
                    /** @description the event types it receives; empty, left out or ["*"]: every type (answered as []) */
                    eventTypes?: ("order.created" | "order.status_changed" | "order.updated" | "order.pictures_archived" | "order.pictures_archive_failed" | "contract.sent" | "contract.signed" | "billing_entry.created" | "billing_entry.confirmed" | "inspection.created" | "inspection.status_changed" | "wallet.transaction_created" | "car.removed" | "car.repriced" | "*")[];
                    /** @example Order updates for the ERP */
                    description?: string;
                    /** @description CUID */
                    tenantId?: string;
                };
            };
        };
        responses: {
            /** @description Created: the secret is shown in this answer only */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "secret": "whsec_ybM56i8H8SOmsXhBJXFwx0Hvp0pVNeU6UaWOEYfjxhU=",
                     *         "endpoint": {
                     *           "id": "ermkz7ggv6dhxyvag0fajn4m",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "url": "https://erp.gulfmotors.example/hooks/orders",
                     *           "description": "ERP order sync",
                     *           "eventTypes": [
                     *             "order.created",
                     *             "order.status_changed",
                     *             "contract.signed"
                     *           ],
                     *           "enabled": true,
                     *           "consecutiveFailures": 0,
                     *           "createdAt": "2026-11-16T09:02:00.548Z",
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "updatedAt": "2026-11-16T09:02:00.548Z",
                     *           "version": 1,
                     *           "secretPrefix": "whsec_ybM56i"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the signing secret (`whsec_...`): shown this once. Verify deliveries with any Standard Webhooks library. */
                            secret: string;
                            endpoint: components["schemas"]["WebhookEndpoint"];
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "description": "ERP order sync",
                     *         "eventTypes": [
                     *           "order.created",
                     *           "order.status_changed",
                     *           "contract.signed"
                     *         ],
                     *         "version": 1,
                     *         "enabled": true,
                     *         "url": "https://erp.gulfmotors.example/hooks/orders",
                     *         "createdAt": "2026-11-16T09:02:00.548Z",
                     *         "lastSuccessAt": "2026-11-16T09:09:05.731Z",
                     *         "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *         "consecutiveFailures": 0,
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "ermkz7ggv6dhxyvag0fajn4m",
                     *         "updatedAt": "2026-11-16T09:02:00.548Z",
                     *         "secretPrefix": "whsec_ybM56i"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "lastFailureAt": "2026-11-16T10:29:00.386Z",
                     *         "description": "staging receiver",
                     *         "failingSince": "2026-11-16T09:09:04.678Z",
                     *         "eventTypes": [
                     *           "order.created",
                     *           "order.status_changed"
                     *         ],
                     *         "version": 2,
                     *         "enabled": false,
                     *         "url": "https://staging-erp.gulfmotors.example/hooks/orders",
                     *         "createdAt": "2026-11-16T09:02:30.685Z",
                     *         "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *         "consecutiveFailures": 22,
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "xa5e1ljphw4skauu4tisx2ag",
                     *         "updatedAt": "2026-11-16T10:29:01.439Z",
                     *         "secretPrefix": "whsec_bXX0TS",
                     *         "deletedAt": "2026-11-16T10:29:01.439Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/hooks/orders",
                 *       "eventTypes": [
                 *         "order.created"
                 *       ],
                 *       "description": "Order updates for the ERP",
                 *       "enabled": true,
                 *       "version": 1
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description where events are POSTed: https in AWS (a public host); http and localhost too on the local stack
                     * @example https://example.com/hooks/orders
                     */
                    url?: string;
                    /** @description the event types it receives; empty, left out or ["*"]: every type (answered as []) */
                    eventTypes?: ("order.created" | "order.status_changed" | "order.updated" | "order.pictures_archived" | "order.pictures_archive_failed" | "contract.sent" | "contract.signed" | "billing_entry.created" | "billing_entry.confirmed" | "inspection.created" | "inspection.status_changed" | "wallet.transaction_created" | "car.removed" | "car.repriced" | "*")[];
                    /** @example Order updates for the ERP */
                    description?: string;
                    enabled?: boolean;
                    /** @description the version read: refused (409) if another change came first */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "description": "ERP order sync",
                     *         "eventTypes": [
                     *           "order.created",
                     *           "order.status_changed",
                     *           "contract.signed"
                     *         ],
                     *         "version": 2,
                     *         "enabled": true,
                     *         "url": "https://erp.gulfmotors.example/hooks/orders",
                     *         "createdAt": "2026-11-16T09:02:00.548Z",
                     *         "lastSuccessAt": "2026-11-16T09:09:05.731Z",
                     *         "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *         "consecutiveFailures": 0,
                     *         "tenantId": "demotenantgulfmotors0001",
                     *         "id": "ermkz7ggv6dhxyvag0fajn4m",
                     *         "updatedAt": "2026-11-16T10:21:00.194Z",
                     *         "secretPrefix": "whsec_ybM56i"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **VERSION_CONFLICT**: body.version is not the current version of the record (someone changed it since you read it): read it again and retry */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
                /**
                 * @description the event id
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a delivery that failed every attempt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "evt_126vz7hu63fkcbx8kd696gxu",
                     *         "endpointId": "xa5e1ljphw4skauu4tisx2ag",
                     *         "eventType": "order.created",
                     *         "eventTimestamp": "2026-11-16T09:08:30.329Z",
                     *         "status": "failed",
                     *         "attempts": 8,
                     *         "lastError": "HTTP 503",
                     *         "failedAt": "2026-11-16T10:25:31.480Z",
                     *         "attemptLog": [
                     *           {
                     *             "latencyMs": 20,
                     *             "at": "2026-11-16T09:09:04.678Z",
                     *             "statusCode": 503
                     *           },
                     *           {
                     *             "latencyMs": 3,
                     *             "at": "2026-11-16T09:09:07.837Z",
                     *             "statusCode": 503
                     *           },
                     *           {
                     *             "latencyMs": 2,
                     *             "at": "2026-11-16T09:11:00.014Z",
                     *             "statusCode": 503
                     *           }
                     *         ],
                     *         "payload": {
                     *           "id": "evt_126vz7hu63fkcbx8kd696gxu",
                     *           "type": "order.created",
                     *           "timestamp": "2026-11-16T09:08:30.329Z",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "resource": {
                     *             "type": "order",
                     *             "id": "zj4o55u2a8448bf1ecnikz5b"
                     *           },
                     *           "data": {
                     *             "object": {
                     *               "id": "zj4o55u2a8448bf1ecnikz5b",
                     *               "orderNumber": 1,
                     *               "status": "DepositSubmitted",
                     *               "allowedStatusTransitions": [
                     *                 "DepositConfirmed",
                     *                 "Cancelled"
                     *               ],
                     *               "progress": 0,
                     *               "canCancel": true,
                     *               "isTerminal": false,
                     *               "version": 1,
                     *               "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *               "tenantId": "demotenantgulfmotors0001",
                     *               "carId": 17,
                     *               "carDetails": {
                     *                 "carId": 17,
                     *                 "provider": "glovis",
                     *                 "advertisementNumber": "GL11338740",
                     *                 "title": "Renault Korea SM5 L43 2.0 RE",
                     *                 "makeEn": "Renault Korea",
                     *                 "modelGroupEn": "SM5",
                     *                 "modelEn": "SM5 L43",
                     *                 "gradeEn": "RE",
                     *                 "gradeDetailEn": "2.0 RE",
                     *                 "year": 2012,
                     *                 "kilometers": 151155,
                     *                 "price": 340,
                     *                 "priceUnit": "10000 KRW",
                     *                 "fuelType": "Gasoline",
                     *                 "transmission": "CVT",
                     *                 "color": "White",
                     *                 "vin": "KNMB6GW99C6907398",
                     *                 "images": [
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *                 ],
                     *                 "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *                 "auctionDate": "2026-10-12",
                     *                 "damage": [
                     *                   "accident"
                     *                 ],
                     *                 "displacement": 1998,
                     *                 "firstRegistration": "2012-12",
                     *                 "customerNotificationsEnabled": true
                     *               },
                     *               "totalAmount": 18500,
                     *               "currency": "USD",
                     *               "notes": "Customer prefers a white car",
                     *               "inspectionDate": null,
                     *               "paidFromWallet": false,
                     *               "depositReceiptId": null,
                     *               "imageArchive": {
                     *                 "status": "pending",
                     *                 "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *                 "objectKeys": []
                     *               },
                     *               "destinationCountry": "AE",
                     *               "customer": {
                     *                 "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *                 "name": "Layla Haddad",
                     *                 "email": "layla@example.com",
                     *                 "mobileNumber": "+971501234567"
                     *               },
                     *               "createdAt": "2026-11-16T09:08:30.329Z",
                     *               "updatedAt": "2026-11-16T09:08:30.329Z"
                     *             }
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                status?: "failed" | "retrying";
                since?: string;
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a delivery the receiver refused: retried at nextAttemptAt */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_25w9uex9dtrn329wmwbz2hk3",
                     *           "endpointId": "xa5e1ljphw4skauu4tisx2ag",
                     *           "eventType": "order.created",
                     *           "eventTimestamp": "2026-11-16T10:17:30.235Z",
                     *           "status": "retrying",
                     *           "attempts": 2,
                     *           "nextAttemptAt": "2026-11-16T10:22:31.658Z",
                     *           "lastError": "HTTP 503",
                     *           "attemptLog": [
                     *             {
                     *               "latencyMs": 1,
                     *               "at": "2026-11-16T10:20:30.057Z",
                     *               "statusCode": 503
                     *             },
                     *             {
                     *               "latencyMs": 2,
                     *               "at": "2026-11-16T10:22:30.605Z",
                     *               "statusCode": 503
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 1,
                     *         "nextCursor": "y1vbb5JK6ixds7Vbj0c4e_mDMbZB5F59HtaIlcgv5zIS7-QlZ_4ecsANL-vgovvsOSUjzi4cX-mXnhrFKHgXBExIYm63Nh_yz7sslLGVBADyrWttHgTWCt96ZWGXAAliYgKZIg1IOre4hCBgvOFkaUrEVAhh7Zue_w_b0Z-9oJAoK-LsikgyfVz9G2uZ2Nje3ptost3DZ1n4xMpjOIOhSHQ7QvvRatAnz5gTxptVf1nfdu1BlTY8n96gvZnD0Ue_YEwv87N"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookDelivery"][];
                        meta: {
                            limit: number;
                            /** @description pass as cursor for the next page; absent on the last page */
                            nextCursor?: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayFailedWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "since": "2026-03-14T09:30:00.000Z"
                 *     }
                 */
                "application/json": {
                    /** Format: date-time */
                    since: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "replayed": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description how many deliveries are due again */
                            replayed: number;
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replayWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
                /**
                 * @description the event id
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "evt_126vz7hu63fkcbx8kd696gxu",
                     *         "endpointId": "xa5e1ljphw4skauu4tisx2ag",
                     *         "eventType": "order.created",
                     *         "eventTimestamp": "2026-11-16T09:08:30.329Z",
                     *         "status": "pending",
                     *         "attempts": 0,
                     *         "nextAttemptAt": "2026-11-16T10:27:00.838Z",
                     *         "failedAt": "2026-11-16T10:25:31.480Z",
                     *         "replayed": true,
                     *         "attemptLog": [
                     *           {
                     *             "latencyMs": 20,
                     *             "at": "2026-11-16T09:09:04.678Z",
                     *             "statusCode": 503
                     *           },
                     *           {
                     *             "latencyMs": 3,
                     *             "at": "2026-11-16T09:09:07.837Z",
                     *             "statusCode": 503
                     *           },
                     *           {
                     *             "latencyMs": 2,
                     *             "at": "2026-11-16T09:11:00.014Z",
                     *             "statusCode": 503
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **INVALID_STATE**: the record is in a state that does not allow this, e.g. editing a contract that is no longer Draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "graceSeconds": 1
                 *     }
                 */
                "application/json": {
                    graceSeconds?: number;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "secret": "whsec_Y1TyPRCH+DwkdCDrx9nuM6oyF6EB26gtnBcDZiiRFfQ=",
                     *         "endpoint": {
                     *           "description": "ERP order sync",
                     *           "eventTypes": [
                     *             "order.created",
                     *             "order.status_changed",
                     *             "contract.signed"
                     *           ],
                     *           "version": 3,
                     *           "enabled": true,
                     *           "url": "https://erp.gulfmotors.example/hooks/orders",
                     *           "createdAt": "2026-11-16T09:02:00.548Z",
                     *           "lastSuccessAt": "2026-11-16T09:09:05.731Z",
                     *           "createdBy": "wsvb3q774ck9nt91opldq4ff",
                     *           "consecutiveFailures": 0,
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "id": "ermkz7ggv6dhxyvag0fajn4m",
                     *           "updatedAt": "2026-11-16T10:28:30.249Z",
                     *           "secretPrefix": "whsec_Y1TyPR",
                     *           "previousSecretExpiresAt": "2026-11-16T11:28:00.000Z"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description the signing secret (`whsec_...`): shown this once. Verify deliveries with any Standard Webhooks library. */
                            secret: string;
                            endpoint: components["schemas"]["WebhookEndpoint"];
                        };
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "id": "evt_3kvw4u9fypjkbsio73111f92",
                     *         "endpointId": "ermkz7ggv6dhxyvag0fajn4m",
                     *         "eventType": "webhook.test",
                     *         "eventTimestamp": "2026-11-16T10:22:00.468Z",
                     *         "status": "delivered",
                     *         "attempts": 1,
                     *         "deliveredAt": "2026-11-16T10:22:01.521Z",
                     *         "attemptLog": [
                     *           {
                     *             "at": "2026-11-16T10:22:01.521Z",
                     *             "latencyMs": 4,
                     *             "statusCode": 204
                     *           }
                     *         ],
                     *         "payload": {
                     *           "id": "evt_3kvw4u9fypjkbsio73111f92",
                     *           "type": "webhook.test",
                     *           "timestamp": "2026-11-16T10:22:00.468Z",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "resource": {
                     *             "type": "webhook_endpoint",
                     *             "id": "ermkz7ggv6dhxyvag0fajn4m"
                     *           },
                     *           "data": {
                     *             "object": {
                     *               "id": "ermkz7ggv6dhxyvag0fajn4m",
                     *               "url": "https://erp.gulfmotors.example/hooks/orders"
                     *             },
                     *             "message": "A test event: your endpoint receives and verifies signed deliveries."
                     *           }
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /** @description meta.nextCursor of the previous page */
                after?: string;
                limit?: number;
                /** @description comma-separated event types, e.g. order.created,order.status_changed (14 types: see the webhooks section) */
                types?: string;
                /** @description CUID */
                tenantId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": [
                     *         {
                     *           "id": "evt_126vz7hu63fkcbx8kd696gxu",
                     *           "type": "order.created",
                     *           "timestamp": "2026-11-16T09:08:30.329Z",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "resource": {
                     *             "type": "order",
                     *             "id": "zj4o55u2a8448bf1ecnikz5b"
                     *           },
                     *           "data": {
                     *             "object": {
                     *               "id": "zj4o55u2a8448bf1ecnikz5b",
                     *               "orderNumber": 1,
                     *               "status": "DepositSubmitted",
                     *               "allowedStatusTransitions": [
                     *                 "DepositConfirmed",
                     *                 "Cancelled"
                     *               ],
                     *               "progress": 0,
                     *               "canCancel": true,
                     *               "isTerminal": false,
                     *               "version": 1,
                     *               "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *               "tenantId": "demotenantgulfmotors0001",
                     *               "carId": 17,
                     *               "carDetails": {
                     *                 "carId": 17,
                     *                 "provider": "glovis",
                     *                 "advertisementNumber": "GL11338740",
                     *                 "title": "Renault Korea SM5 L43 2.0 RE",
                     *                 "makeEn": "Renault Korea",
                     *                 "modelGroupEn": "SM5",
                     *                 "modelEn": "SM5 L43",
                     *                 "gradeEn": "RE",
                     *                 "gradeDetailEn": "2.0 RE",
                     *                 "year": 2012,
                     *                 "kilometers": 151155,
                     *                 "price": 340,
                     *                 "priceUnit": "10000 KRW",
                     *                 "fuelType": "Gasoline",
                     *                 "transmission": "CVT",
                     *                 "color": "White",
                     *                 "vin": "KNMB6GW99C6907398",
                     *                 "images": [
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *                 ],
                     *                 "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *                 "auctionDate": "2026-10-12",
                     *                 "damage": [
                     *                   "accident"
                     *                 ],
                     *                 "displacement": 1998,
                     *                 "firstRegistration": "2012-12",
                     *                 "customerNotificationsEnabled": true
                     *               },
                     *               "totalAmount": 18500,
                     *               "currency": "USD",
                     *               "notes": "Customer prefers a white car",
                     *               "inspectionDate": null,
                     *               "paidFromWallet": false,
                     *               "depositReceiptId": null,
                     *               "imageArchive": {
                     *                 "status": "pending",
                     *                 "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *                 "objectKeys": []
                     *               },
                     *               "destinationCountry": "AE",
                     *               "customer": {
                     *                 "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *                 "name": "Layla Haddad",
                     *                 "email": "layla@example.com",
                     *                 "mobileNumber": "+971501234567"
                     *               },
                     *               "createdAt": "2026-11-16T09:08:30.329Z",
                     *               "updatedAt": "2026-11-16T09:08:30.329Z"
                     *             }
                     *           }
                     *         },
                     *         {
                     *           "id": "evt_2h9m6np898gcp3jbewbtbr3f",
                     *           "type": "order.pictures_archived",
                     *           "timestamp": "2026-11-16T09:09:01.519Z",
                     *           "tenantId": "demotenantgulfmotors0001",
                     *           "resource": {
                     *             "type": "order",
                     *             "id": "zj4o55u2a8448bf1ecnikz5b"
                     *           },
                     *           "data": {
                     *             "object": {
                     *               "id": "zj4o55u2a8448bf1ecnikz5b",
                     *               "orderNumber": 1,
                     *               "status": "DepositSubmitted",
                     *               "allowedStatusTransitions": [
                     *                 "DepositConfirmed",
                     *                 "Cancelled"
                     *               ],
                     *               "progress": 0,
                     *               "canCancel": true,
                     *               "isTerminal": false,
                     *               "version": 1,
                     *               "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                     *               "tenantId": "demotenantgulfmotors0001",
                     *               "carId": 17,
                     *               "carDetails": {
                     *                 "priceUnit": "10000 KRW",
                     *                 "damage": [
                     *                   "accident"
                     *                 ],
                     *                 "color": "White",
                     *                 "year": 2012,
                     *                 "title": "Renault Korea SM5 L43 2.0 RE",
                     *                 "modelGroupEn": "SM5",
                     *                 "firstRegistration": "2012-12",
                     *                 "carId": 17,
                     *                 "auctionDate": "2026-10-12",
                     *                 "gradeEn": "RE",
                     *                 "modelEn": "SM5 L43",
                     *                 "transmission": "CVT",
                     *                 "fuelType": "Gasoline",
                     *                 "provider": "glovis",
                     *                 "price": 340,
                     *                 "kilometers": 151155,
                     *                 "vin": "KNMB6GW99C6907398",
                     *                 "displacement": 1998,
                     *                 "advertisementNumber": "GL11338740",
                     *                 "gradeDetailEn": "2.0 RE",
                     *                 "makeEn": "Renault Korea",
                     *                 "customerNotificationsEnabled": true,
                     *                 "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                     *                 "images": [
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                     *                   "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                     *                 ]
                     *               },
                     *               "totalAmount": 18500,
                     *               "currency": "USD",
                     *               "notes": "Customer prefers a white car",
                     *               "inspectionDate": null,
                     *               "paidFromWallet": false,
                     *               "depositReceiptId": null,
                     *               "imageArchive": {
                     *                 "status": "done",
                     *                 "eventId": "zy7cld0e9ho3718lhs6xivzd",
                     *                 "objectKeys": [
                     *                   "orders/1/01-sedan-white-1.svg",
                     *                   "orders/1/02-sedan-white-2.svg",
                     *                   "orders/1/03-sedan-white-3.svg"
                     *                 ],
                     *                 "completedAt": "2026-11-16T09:09:00.466Z"
                     *               },
                     *               "destinationCountry": "AE",
                     *               "customer": {
                     *                 "name": "Layla Haddad",
                     *                 "id": "a96e1wh83dvnvnnoymvpaqnd",
                     *                 "email": "layla@example.com",
                     *                 "mobileNumber": "+971501234567"
                     *               },
                     *               "createdAt": "2026-11-16T09:08:30.329Z",
                     *               "updatedAt": "2026-11-16T09:08:30.329Z"
                     *             }
                     *           }
                     *         }
                     *       ],
                     *       "meta": {
                     *         "limit": 2,
                     *         "nextCursor": "GV2M5yvaeUMidYFU5pcmvoQkMyHQ7QcR0mpkF7CqpjkaFqzFozQ3WRZ3Tc68WMvaJoIBksT8XTq0FbTYqrJp5IA-cJm"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["Event"][];
                        meta: {
                            limit: number;
                            /** @description always given, on an empty page too: pass it as `after` to read on (a few hundred characters at most) */
                            nextCursor: string;
                        };
                    };
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What this API is, where its reference is, and every route with who may call it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "name": "Vehicle Purchase Order Service",
                     *         "version": "0.1.0",
                     *         "reference": "http://localhost:3000/api/v1/docs",
                     *         "openapi": "http://localhost:3000/api/v1/openapi.json",
                     *         "authentication": "X-API-Key header on every route whose access is not \"public\"",
                     *         "routes": [
                     *           {
                     *             "method": "POST",
                     *             "path": "/api/v1/customers",
                     *             "summary": "Create a customer (with an empty wallet)",
                     *             "access": "admin, operations, accountant, marketer, integrator"
                     *           },
                     *           {
                     *             "method": "GET",
                     *             "path": "/api/v1/customers/{id}",
                     *             "summary": "Customer detail with wallet balance",
                     *             "access": "admin, operations, accountant, marketer, inspector, integrator"
                     *           },
                     *           {
                     *             "method": "GET",
                     *             "path": "/api/v1/customers",
                     *             "summary": "List customers by name, or find them by the beginning of their name or by phone",
                     *             "access": "admin, operations, accountant, marketer"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @example Vehicle Purchase Order Service */
                            name: string;
                            /** @example 0.1.0 */
                            version: string;
                            /**
                             * @description the API reference (HTML)
                             * @example http://localhost:3000/api/v1/docs
                             */
                            reference: string;
                            /**
                             * @description the OpenAPI 3.1 document
                             * @example http://localhost:3000/api/v1/openapi.json
                             */
                            openapi: string;
                            /** @example X-API-Key header on every route whose access is not "public" */
                            authentication: string;
                            routes: {
                                /**
                                 * @description HTTP method
                                 * @example POST
                                 */
                                method: string;
                                /** @example /api/v1/orders */
                                path: string;
                                /** @example Place an order for a customer */
                                summary: string;
                                /**
                                 * @description the roles that may call it (admin always), or "public" for the routes that need no key
                                 * @example admin, marketer, operations
                                 */
                                access: string;
                            }[];
                        };
                    };
                };
            };
        };
    };
    getDocsPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The API reference: every operation with its roles, errors and examples, a getting-started guide and the order lifecycle (HTML) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getDocsRenderer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The script that renders the API reference (Scalar API Reference, bundled) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
        };
    };
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of this API */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    verifyWhatsAppWebhook: {
        parameters: {
            query: {
                "hub.mode": "subscribe";
                /** @description the verify token set in the app dashboard */
                "hub.verify_token": string;
                /** @description answered back as plain text */
                "hub.challenge": string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description WhatsApp's verification handshake: answers hub.challenge when hub.verify_token is this stage's token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example 1158201444 */
                    "text/plain": string;
                };
            };
            /** @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveWhatsAppWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "object": "whatsapp_business_account",
                 *       "entry": [
                 *         {
                 *           "id": "102290129340398",
                 *           "changes": [
                 *             {
                 *               "field": "messages",
                 *               "value": {
                 *                 "messaging_product": "whatsapp",
                 *                 "metadata": {
                 *                   "display_phone_number": "15550000000",
                 *                   "phone_number_id": "106540352242922"
                 *                 },
                 *                 "statuses": [
                 *                   {
                 *                     "id": "wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0",
                 *                     "status": "delivered",
                 *                     "timestamp": "1774000000",
                 *                     "recipient_id": "971501234567",
                 *                     "biz_opaque_callback_data": "ckx8k2m1p0000abcd1234efg.customer"
                 *                   }
                 *                 ]
                 *               }
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @example whatsapp_business_account */
                    object: string;
                    /**
                     * @example [
                     *       {
                     *         "id": "102290129340398",
                     *         "changes": [
                     *           {
                     *             "field": "messages",
                     *             "value": {
                     *               "messaging_product": "whatsapp",
                     *               "metadata": {
                     *                 "display_phone_number": "15550000000",
                     *                 "phone_number_id": "106540352242922"
                     *               },
                     *               "statuses": [
                     *                 {
                     *                   "id": "wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0",
                     *                   "status": "delivered",
                     *                   "timestamp": "1774000000",
                     *                   "recipient_id": "971501234567",
                     *                   "biz_opaque_callback_data": "ckx8k2m1p0000abcd1234efg.customer"
                     *                 }
                     *               ]
                     *             }
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    entry: ({
                        /** @example 102290129340398 */
                        id?: string;
                        /**
                         * @example [
                         *       {
                         *         "field": "messages",
                         *         "value": {
                         *           "messaging_product": "whatsapp",
                         *           "metadata": {
                         *             "display_phone_number": "15550000000",
                         *             "phone_number_id": "106540352242922"
                         *           },
                         *           "statuses": [
                         *             {
                         *               "id": "wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0",
                         *               "status": "delivered",
                         *               "timestamp": "1774000000",
                         *               "recipient_id": "971501234567",
                         *               "biz_opaque_callback_data": "ckx8k2m1p0000abcd1234efg.customer"
                         *             }
                         *           ]
                         *         }
                         *       }
                         *     ]
                         */
                        changes: ({
                            /** @example messages */
                            field?: string;
                            /**
                             * @example {
                             *       "messaging_product": "whatsapp",
                             *       "metadata": {
                             *         "display_phone_number": "15550000000",
                             *         "phone_number_id": "106540352242922"
                             *       },
                             *       "statuses": [
                             *         {
                             *           "id": "wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0",
                             *           "status": "delivered",
                             *           "timestamp": "1774000000",
                             *           "recipient_id": "971501234567",
                             *           "biz_opaque_callback_data": "ckx8k2m1p0000abcd1234efg.customer"
                             *         }
                             *       ]
                             *     }
                             */
                            value: {
                                /**
                                 * @example [
                                 *       {
                                 *         "id": "wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0",
                                 *         "status": "delivered",
                                 *         "timestamp": "1774000000",
                                 *         "recipient_id": "971501234567",
                                 *         "biz_opaque_callback_data": "ckx8k2m1p0000abcd1234efg.customer"
                                 *       }
                                 *     ]
                                 */
                                statuses?: ({
                                    /**
                                     * @description WhatsApp's message id (wamid)
                                     * @example wamid.HBgMOTcxNTAxMjM0NTY3FQIAERgSMEI0
                                     */
                                    id: string;
                                    /**
                                     * @description sent, delivered, read or failed (others are ignored)
                                     * @example delivered
                                     */
                                    status: string;
                                    /**
                                     * @description epoch seconds
                                     * @example 1774000000
                                     */
                                    timestamp?: string;
                                    /** @example 971501234567 */
                                    recipient_id?: string;
                                    /**
                                     * @description echoed from the message as sent: names its event and recipient
                                     * @example ckx8k2m1p0000abcd1234efg.customer
                                     */
                                    biz_opaque_callback_data?: string;
                                    /**
                                     * @example [
                                     *       {
                                     *         "code": 131026,
                                     *         "title": "Message undeliverable"
                                     *       }
                                     *     ]
                                     */
                                    errors?: {
                                        /** @example 131026 */
                                        code?: number;
                                        /** @example Message undeliverable */
                                        title?: string;
                                    }[];
                                } & {
                                    [key: string]: unknown;
                                })[];
                                /**
                                 * @example [
                                 *       {
                                 *         "from": "971501234567",
                                 *         "id": "wamid.HBgMOTcxNTAxMjM0NTY3FQIAEhgUM0EB",
                                 *         "timestamp": "1774000000",
                                 *         "type": "text",
                                 *         "text": {
                                 *           "body": "STOP"
                                 *         }
                                 *       }
                                 *     ]
                                 */
                                messages?: ({
                                    /**
                                     * @description the sender's number without the +
                                     * @example 971501234567
                                     */
                                    from: string;
                                    /** @example wamid.HBgMOTcxNTAxMjM0NTY3FQIAEhgUM0EB */
                                    id: string;
                                    /** @example 1774000000 */
                                    timestamp?: string;
                                    /** @example text */
                                    type?: string;
                                    /**
                                     * @example {
                                     *       "body": "STOP"
                                     *     }
                                     */
                                    text?: {
                                        /** @example STOP */
                                        body: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                    /**
                                     * @example {
                                     *       "text": "Stop promotions"
                                     *     }
                                     */
                                    button?: {
                                        /** @example Stop promotions */
                                        text?: string;
                                    } & {
                                        [key: string]: unknown;
                                    };
                                } & {
                                    [key: string]: unknown;
                                })[];
                            } & {
                                [key: string]: unknown;
                            };
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Success: a delivery status for one of our messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "statuses": 1,
                     *         "unknownStatuses": 0,
                     *         "messages": 0,
                     *         "optOuts": 0
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: {
                            /** @description statuses recorded on a message of ours */
                            statuses: number;
                            /** @description statuses naming no message of ours (ignored) */
                            unknownStatuses: number;
                            /** @description inbound messages recorded (repeats of one already seen are not counted) */
                            messages: number;
                            /** @description senders who opted out or back in with this call */
                            optOuts: number;
                        };
                    };
                };
            };
            /**
             * @description **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             *
             *     **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTrackingPage: {
        parameters: {
            query?: {
                /** @description the page's language; the customer's own when not given (any other value is ignored) */
                lang?: "en" | "ar";
            };
            header?: never;
            path: {
                /**
                 * @description the link's token (32 characters)
                 * @example Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2
                 */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buyer's page of an order (HTML, no key): its car, milestones, voyage, inspection, payments, papers and whom to ask */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The same page for every link that does not work: unknown, replaced by a newer one, or past its end (90 days after the order closed) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many requests from this client address (Retry-After says when to try again) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The order cannot be read right now (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    giveTrackingConsignee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description the link's token (32 characters)
                 * @example Qm8d2vR5kX1pL9sT4wY7zA3cF6hJ0nB2
                 */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Al Noor Trading LLC",
                 *       "address": "Office 12, Al Quoz Industrial Area 3",
                 *       "city": "Dubai",
                 *       "country": "United Arab Emirates",
                 *       "phone": "+971501234567",
                 *       "idNumber": "784-1987-1234567-1",
                 *       "form": "1795460203.q3V9m0xWcHk2n8Lr5T1bZy7aJ4eF6gD0sU2iO9pK3wM",
                 *       "lang": "en"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /**
                     * @description the person or company the car is consigned to, as the bill of lading names them
                     * @example Al Noor Trading LLC
                     */
                    name: string;
                    /** @example Office 12, Al Quoz Industrial Area 3 */
                    address: string;
                    /** @example Dubai */
                    city: string;
                    /** @example United Arab Emirates */
                    country: string;
                    /**
                     * Format: phone
                     * @description with its country code; stored in E.164
                     * @example +971501234567
                     */
                    phone: string;
                    /**
                     * Format: email
                     * @example imports@alnoor.example
                     */
                    email?: string;
                    /**
                     * @description the consignee's ID, passport or trade licence number, as customs at destination asks for it
                     * @example 784-1987-1234567-1
                     */
                    idNumber: string;
                    /**
                     * @description who the carrier tells on arrival, when not the consignee
                     * @example Al Futtaim Logistics, Jebel Ali Free Zone
                     */
                    notifyParty?: string;
                    /**
                     * @description the page's hidden field: the form's expiry and its HMAC, bound to this link
                     * @example 1795460203.q3V9m0xWcHk2n8Lr5T1bZy7aJ4eF6gD0sU2iO9pK3wM
                     */
                    form: string;
                    /**
                     * @description the language the page answers in
                     * @enum {string}
                     */
                    lang?: "en" | "ar";
                };
            };
        };
        responses: {
            /** @description The buyer's consignee form on their page (HTML form, no key): who the car is consigned to */
            303: {
                headers: {
                    /** @description the page to go back to */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The page again, each value it cannot take marked next to its field; nothing stored */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The page again, the form's hidden field missing, altered or expired; nothing stored */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The same page as for every link that does not work; nothing stored */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The page again: the bill of lading is recorded, so the details are final for the buyer; nothing stored */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many requests from this client address (Retry-After says when to try again) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The order cannot be read or changed right now (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    replaceTrackingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description CUID
                 * @example ckx8k2m1p0000abcd1234efg
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Created: a new link for the buyer's page of a delivered order: the old one stops working, and this one ends 90 days after the delivery */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "url": "http://localhost:3000/track/RBzTSTGyI3Bwhl73Rf-Qy7PGslwaSOb9",
                     *         "issuedAt": "2026-11-16T09:50:30.837Z",
                     *         "endsAt": "2027-02-14T09:49:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @constant */
                        success: true;
                        data: components["schemas"]["TrackingLink"];
                    };
                };
            };
            /**
             * @description **VALIDATION_ERROR**: a field is missing, has the wrong type or format, or is not a field of the request; every problem is listed, one entry per field
             *
             *     **INVALID_JSON**: the body is not valid JSON, or a route that needs a body got none
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNAUTHORIZED**: the X-API-Key header is missing, unknown, revoked, expired, or of a deactivated user */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **FORBIDDEN**: the key's role may not call the route (details name the roles that may), or the route is not in the key's allowedRoutes */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **NOT_FOUND**: no such record in your scope (a record of another tenant is never told apart from none) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **PAYLOAD_TOO_LARGE**: the body is over 256 KB, or the record would be too large to store */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **UNSUPPORTED_MEDIA_TYPE**: the body is not sent as Content-Type: application/json */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **RATE_LIMITED**: the key's rate or daily quota is used up; wait Retry-After seconds */
            429: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description **SERVICE_UNAVAILABLE**: a dependency is briefly unavailable (the database; for documents, the PDF renderer); nothing was written; retry after Retry-After seconds */
            503: {
                headers: {
                    /** @description seconds to wait before retrying */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    "webhook.order.created": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_126vz7hu63fkcbx8kd696gxu",
                 *       "type": "order.created",
                 *       "timestamp": "2026-11-16T09:08:30.329Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "order",
                 *         "id": "zj4o55u2a8448bf1ecnikz5b"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "zj4o55u2a8448bf1ecnikz5b",
                 *           "orderNumber": 1,
                 *           "status": "DepositSubmitted",
                 *           "allowedStatusTransitions": [
                 *             "DepositConfirmed",
                 *             "Cancelled"
                 *           ],
                 *           "progress": 0,
                 *           "canCancel": true,
                 *           "isTerminal": false,
                 *           "version": 1,
                 *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                 *           "tenantId": "demotenantgulfmotors0001",
                 *           "carId": 17,
                 *           "carDetails": {
                 *             "carId": 17,
                 *             "provider": "glovis",
                 *             "advertisementNumber": "GL11338740",
                 *             "title": "Renault Korea SM5 L43 2.0 RE",
                 *             "makeEn": "Renault Korea",
                 *             "modelGroupEn": "SM5",
                 *             "modelEn": "SM5 L43",
                 *             "gradeEn": "RE",
                 *             "gradeDetailEn": "2.0 RE",
                 *             "year": 2012,
                 *             "kilometers": 151155,
                 *             "price": 340,
                 *             "priceUnit": "10000 KRW",
                 *             "fuelType": "Gasoline",
                 *             "transmission": "CVT",
                 *             "color": "White",
                 *             "vin": "KNMB6GW99C6907398",
                 *             "images": [
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *             ],
                 *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                 *             "auctionDate": "2026-10-12",
                 *             "damage": [
                 *               "accident"
                 *             ],
                 *             "displacement": 1998,
                 *             "firstRegistration": "2012-12",
                 *             "customerNotificationsEnabled": true
                 *           },
                 *           "totalAmount": 18500,
                 *           "currency": "USD",
                 *           "notes": "Customer prefers a white car",
                 *           "inspectionDate": null,
                 *           "paidFromWallet": false,
                 *           "depositReceiptId": null,
                 *           "imageArchive": {
                 *             "status": "pending",
                 *             "eventId": "zy7cld0e9ho3718lhs6xivzd",
                 *             "objectKeys": []
                 *           },
                 *           "destinationCountry": "AE",
                 *           "customer": {
                 *             "id": "a96e1wh83dvnvnnoymvpaqnd",
                 *             "name": "Layla Haddad",
                 *             "email": "layla@example.com",
                 *             "mobileNumber": "+971501234567"
                 *           },
                 *           "createdAt": "2026-11-16T09:08:30.329Z",
                 *           "updatedAt": "2026-11-16T09:08:30.329Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "order.created";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Order"];
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.order.status_changed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_1cy5j7wokil45ltu4wjndjwg",
                 *       "type": "order.status_changed",
                 *       "timestamp": "2026-11-16T09:16:30.521Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "order",
                 *         "id": "zj4o55u2a8448bf1ecnikz5b"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "zj4o55u2a8448bf1ecnikz5b",
                 *           "orderNumber": 1,
                 *           "status": "DepositConfirmed",
                 *           "allowedStatusTransitions": [
                 *             "InspectionScheduled",
                 *             "Cancelled"
                 *           ],
                 *           "progress": 10,
                 *           "canCancel": true,
                 *           "isTerminal": false,
                 *           "version": 3,
                 *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                 *           "tenantId": "demotenantgulfmotors0001",
                 *           "carId": 17,
                 *           "carDetails": {
                 *             "damage": [
                 *               "accident"
                 *             ],
                 *             "priceUnit": "10000 KRW",
                 *             "color": "White",
                 *             "year": 2012,
                 *             "title": "Renault Korea SM5 L43 2.0 RE",
                 *             "firstRegistration": "2012-12",
                 *             "modelGroupEn": "SM5",
                 *             "auctionDate": "2026-10-12",
                 *             "carId": 17,
                 *             "gradeEn": "RE",
                 *             "modelEn": "SM5 L43",
                 *             "transmission": "CVT",
                 *             "fuelType": "Gasoline",
                 *             "provider": "glovis",
                 *             "price": 340,
                 *             "kilometers": 151155,
                 *             "displacement": 1998,
                 *             "vin": "KNMB6GW99C6907398",
                 *             "advertisementNumber": "GL11338740",
                 *             "gradeDetailEn": "2.0 RE",
                 *             "customerNotificationsEnabled": true,
                 *             "makeEn": "Renault Korea",
                 *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                 *             "images": [
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *             ]
                 *           },
                 *           "totalAmount": 18500,
                 *           "currency": "USD",
                 *           "notes": "Customer prefers a white car",
                 *           "inspectionDate": null,
                 *           "paidFromWallet": false,
                 *           "depositReceiptId": null,
                 *           "imageArchive": {
                 *             "eventId": "zy7cld0e9ho3718lhs6xivzd",
                 *             "objectKeys": [
                 *               "orders/1/01-sedan-white-1.svg",
                 *               "orders/1/02-sedan-white-2.svg",
                 *               "orders/1/03-sedan-white-3.svg"
                 *             ],
                 *             "completedAt": "2026-11-16T09:09:00.466Z",
                 *             "status": "done"
                 *           },
                 *           "destinationCountry": "AE",
                 *           "customer": {
                 *             "name": "Layla Haddad",
                 *             "id": "a96e1wh83dvnvnnoymvpaqnd",
                 *             "email": "layla@example.com",
                 *             "mobileNumber": "+971501234567"
                 *           },
                 *           "createdAt": "2026-11-16T09:08:30.329Z",
                 *           "updatedAt": "2026-11-16T09:16:30.521Z"
                 *         },
                 *         "from": "DepositSubmitted",
                 *         "to": "DepositConfirmed",
                 *         "version": 3
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "order.status_changed";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Order"];
                        /** @enum {string} */
                        from: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                        /** @enum {string} */
                        to: "DepositSubmitted" | "DepositConfirmed" | "InspectionScheduled" | "InspectionCompleted" | "ContractSigned" | "PaymentSubmitted" | "PaymentConfirmed" | "Purchased" | "Shipped" | "Delivered" | "Cancelled";
                        /** @description the order's version after the move */
                        version: number;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.order.updated": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_xliqkvfwla78ex3tsazkz7ya",
                 *       "type": "order.updated",
                 *       "timestamp": "2026-11-16T09:11:01.067Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "order",
                 *         "id": "zj4o55u2a8448bf1ecnikz5b"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "zj4o55u2a8448bf1ecnikz5b",
                 *           "orderNumber": 1,
                 *           "status": "DepositSubmitted",
                 *           "allowedStatusTransitions": [
                 *             "DepositConfirmed",
                 *             "Cancelled"
                 *           ],
                 *           "progress": 0,
                 *           "canCancel": true,
                 *           "isTerminal": false,
                 *           "version": 2,
                 *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                 *           "tenantId": "demotenantgulfmotors0001",
                 *           "carId": 17,
                 *           "carDetails": {
                 *             "priceUnit": "10000 KRW",
                 *             "damage": [
                 *               "accident"
                 *             ],
                 *             "color": "White",
                 *             "year": 2012,
                 *             "title": "Renault Korea SM5 L43 2.0 RE",
                 *             "modelGroupEn": "SM5",
                 *             "firstRegistration": "2012-12",
                 *             "carId": 17,
                 *             "auctionDate": "2026-10-12",
                 *             "gradeEn": "RE",
                 *             "modelEn": "SM5 L43",
                 *             "transmission": "CVT",
                 *             "fuelType": "Gasoline",
                 *             "provider": "glovis",
                 *             "price": 340,
                 *             "kilometers": 151155,
                 *             "vin": "KNMB6GW99C6907398",
                 *             "displacement": 1998,
                 *             "advertisementNumber": "GL11338740",
                 *             "gradeDetailEn": "2.0 RE",
                 *             "makeEn": "Renault Korea",
                 *             "customerNotificationsEnabled": true,
                 *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                 *             "images": [
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *             ]
                 *           },
                 *           "totalAmount": 18500,
                 *           "currency": "USD",
                 *           "notes": "Customer prefers a white car",
                 *           "inspectionDate": null,
                 *           "paidFromWallet": false,
                 *           "depositReceiptId": null,
                 *           "imageArchive": {
                 *             "eventId": "zy7cld0e9ho3718lhs6xivzd",
                 *             "objectKeys": [
                 *               "orders/1/01-sedan-white-1.svg",
                 *               "orders/1/02-sedan-white-2.svg",
                 *               "orders/1/03-sedan-white-3.svg"
                 *             ],
                 *             "completedAt": "2026-11-16T09:09:00.466Z",
                 *             "status": "done"
                 *           },
                 *           "destinationCountry": "AE",
                 *           "customer": {
                 *             "name": "Layla Haddad",
                 *             "id": "a96e1wh83dvnvnnoymvpaqnd",
                 *             "email": "layla@example.com",
                 *             "mobileNumber": "+971501234567"
                 *           },
                 *           "createdAt": "2026-11-16T09:08:30.329Z",
                 *           "updatedAt": "2026-11-16T09:11:01.067Z"
                 *         },
                 *         "fields": [
                 *           "carDetails.customerNotificationsEnabled"
                 *         ],
                 *         "version": 2
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "order.updated";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Order"];
                        /** @description the fields that changed, e.g. customsInvoice, customsDocuments, carDetails */
                        fields: string[];
                        version: number;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.order.pictures_archived": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_2h9m6np898gcp3jbewbtbr3f",
                 *       "type": "order.pictures_archived",
                 *       "timestamp": "2026-11-16T09:09:01.519Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "order",
                 *         "id": "zj4o55u2a8448bf1ecnikz5b"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "zj4o55u2a8448bf1ecnikz5b",
                 *           "orderNumber": 1,
                 *           "status": "DepositSubmitted",
                 *           "allowedStatusTransitions": [
                 *             "DepositConfirmed",
                 *             "Cancelled"
                 *           ],
                 *           "progress": 0,
                 *           "canCancel": true,
                 *           "isTerminal": false,
                 *           "version": 1,
                 *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                 *           "tenantId": "demotenantgulfmotors0001",
                 *           "carId": 17,
                 *           "carDetails": {
                 *             "priceUnit": "10000 KRW",
                 *             "damage": [
                 *               "accident"
                 *             ],
                 *             "color": "White",
                 *             "year": 2012,
                 *             "title": "Renault Korea SM5 L43 2.0 RE",
                 *             "modelGroupEn": "SM5",
                 *             "firstRegistration": "2012-12",
                 *             "carId": 17,
                 *             "auctionDate": "2026-10-12",
                 *             "gradeEn": "RE",
                 *             "modelEn": "SM5 L43",
                 *             "transmission": "CVT",
                 *             "fuelType": "Gasoline",
                 *             "provider": "glovis",
                 *             "price": 340,
                 *             "kilometers": 151155,
                 *             "vin": "KNMB6GW99C6907398",
                 *             "displacement": 1998,
                 *             "advertisementNumber": "GL11338740",
                 *             "gradeDetailEn": "2.0 RE",
                 *             "makeEn": "Renault Korea",
                 *             "customerNotificationsEnabled": true,
                 *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                 *             "images": [
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *             ]
                 *           },
                 *           "totalAmount": 18500,
                 *           "currency": "USD",
                 *           "notes": "Customer prefers a white car",
                 *           "inspectionDate": null,
                 *           "paidFromWallet": false,
                 *           "depositReceiptId": null,
                 *           "imageArchive": {
                 *             "status": "done",
                 *             "eventId": "zy7cld0e9ho3718lhs6xivzd",
                 *             "objectKeys": [
                 *               "orders/1/01-sedan-white-1.svg",
                 *               "orders/1/02-sedan-white-2.svg",
                 *               "orders/1/03-sedan-white-3.svg"
                 *             ],
                 *             "completedAt": "2026-11-16T09:09:00.466Z"
                 *           },
                 *           "destinationCountry": "AE",
                 *           "customer": {
                 *             "name": "Layla Haddad",
                 *             "id": "a96e1wh83dvnvnnoymvpaqnd",
                 *             "email": "layla@example.com",
                 *             "mobileNumber": "+971501234567"
                 *           },
                 *           "createdAt": "2026-11-16T09:08:30.329Z",
                 *           "updatedAt": "2026-11-16T09:08:30.329Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "order.pictures_archived";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Order"];
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.order.pictures_archive_failed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_k3x9w2ab7c1d5e8f0g4h6j2m",
                 *       "type": "order.pictures_archive_failed",
                 *       "timestamp": "2026-03-14T09:30:00.000Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "order",
                 *         "id": "m2x8q4r7t1v5w9y3z6a0b2c4"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "example text",
                 *           "orderNumber": 1,
                 *           "status": "DepositSubmitted",
                 *           "allowedStatusTransitions": [
                 *             "DepositSubmitted"
                 *           ],
                 *           "progress": 1,
                 *           "canCancel": true,
                 *           "isTerminal": true,
                 *           "version": 1,
                 *           "customerId": "example text",
                 *           "marketerId": "example text",
                 *           "tenantId": "example text",
                 *           "carId": 1,
                 *           "carDetails": {},
                 *           "totalAmount": 1,
                 *           "currency": "example text",
                 *           "notes": "example text",
                 *           "inspectionDate": "2026-03-14T09:30:00.000Z",
                 *           "paidFromWallet": true,
                 *           "depositReceiptId": "example text",
                 *           "imageArchive": {
                 *             "status": "pending",
                 *             "eventId": "example text",
                 *             "objectKeys": [
                 *               "example text"
                 *             ],
                 *             "reason": "example text",
                 *             "completedAt": "example text"
                 *           },
                 *           "exportSteps": {
                 *             "deregistration": {
                 *               "date": "2026-11-20",
                 *               "documentUrl": "example text",
                 *               "recordedAt": "example text",
                 *               "recordedBy": "example text"
                 *             },
                 *             "bondedArea": {
                 *               "date": "2026-11-20",
                 *               "documentUrl": "example text",
                 *               "recordedAt": "example text",
                 *               "recordedBy": "example text",
                 *               "location": "example text"
                 *             },
                 *             "exportDeclaration": {
                 *               "date": "2026-11-20",
                 *               "documentUrl": "example text",
                 *               "recordedAt": "example text",
                 *               "recordedBy": "example text",
                 *               "number": "example text",
                 *               "loadBy": "example text"
                 *             },
                 *             "completionReport": {
                 *               "date": "2026-11-20",
                 *               "documentUrl": "example text",
                 *               "recordedAt": "example text",
                 *               "recordedBy": "example text"
                 *             },
                 *             "completionReportDueBy": "example text"
                 *           },
                 *           "shipment": {
                 *             "method": "roro",
                 *             "bookingNumber": "example text",
                 *             "carrier": "example text",
                 *             "vessel": "example text",
                 *             "voyage": "example text",
                 *             "containerNumber": "example text",
                 *             "sealNumber": "example text",
                 *             "portOfLoading": "example text",
                 *             "portOfDischarge": "example text",
                 *             "etd": "example text",
                 *             "eta": "example text",
                 *             "atd": "example text",
                 *             "ata": "example text",
                 *             "billOfLadingNumber": "example text",
                 *             "billOfLadingUrl": "example text",
                 *             "updatedAt": "example text"
                 *           },
                 *           "destinationCountry": "SA",
                 *           "importRuleOverride": {
                 *             "reason": "example text",
                 *             "by": "example text",
                 *             "at": "2026-03-14T09:30:00.000Z"
                 *           },
                 *           "consignee": {
                 *             "name": "example text",
                 *             "address": "example text",
                 *             "city": "example text",
                 *             "country": "example text",
                 *             "phone": "example text",
                 *             "email": "example text",
                 *             "idNumber": "example text",
                 *             "notifyParty": "example text",
                 *             "givenBy": "buyer",
                 *             "by": "example text",
                 *             "at": "2026-03-14T09:30:00.000Z"
                 *           },
                 *           "documentCourier": {
                 *             "carrier": "DHL",
                 *             "trackingNumber": "example text",
                 *             "sentAt": "2026-11-20",
                 *             "at": "2026-03-14T09:30:00.000Z"
                 *           },
                 *           "customer": {
                 *             "id": "example text",
                 *             "name": "example text",
                 *             "email": "example text",
                 *             "mobileNumber": "example text"
                 *           },
                 *           "marketer": {
                 *             "id": "example text",
                 *             "name": "example text",
                 *             "email": "example text",
                 *             "mobileNumber": "example text"
                 *           },
                 *           "createdAt": "2026-03-14T09:30:00.000Z",
                 *           "updatedAt": "2026-03-14T09:30:00.000Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "order.pictures_archive_failed";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Order"];
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.contract.sent": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_4wpcpbn8jc8jw7kuydo2ez2d",
                 *       "type": "contract.sent",
                 *       "timestamp": "2026-11-16T09:24:00.576Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "contract",
                 *         "id": "a1wxpqa76sdt2p2v70lpjtot"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "notes": "Delivery to Jebel Ali port",
                 *           "color": "White",
                 *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *           "customerNameAr": "ليلى حداد",
                 *           "customerCountry": "AE",
                 *           "createdAt": "2026-11-16T09:21:30.891Z",
                 *           "customerPhone": "+971501234567",
                 *           "pdfUrl": null,
                 *           "terms": "Payment in full before shipping.",
                 *           "customerEmail": "layla@example.com",
                 *           "currency": "USD",
                 *           "vin": "KNAPU81BDN7123456",
                 *           "id": "a1wxpqa76sdt2p2v70lpjtot",
                 *           "mileage": "42,000 km",
                 *           "updatedAt": "2026-11-16T09:24:00.576Z",
                 *           "customerAddress": "Dubai Marina, Dubai",
                 *           "carDetails": {
                 *             "damage": [
                 *               "accident"
                 *             ],
                 *             "priceUnit": "10000 KRW",
                 *             "images": [
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *             ],
                 *             "color": "White",
                 *             "year": 2012,
                 *             "title": "Renault Korea SM5 L43 2.0 RE",
                 *             "firstRegistration": "2012-12",
                 *             "modelGroupEn": "SM5",
                 *             "auctionDate": "2026-10-12",
                 *             "carId": 17,
                 *             "gradeEn": "RE",
                 *             "modelEn": "SM5 L43",
                 *             "transmission": "CVT",
                 *             "fuelType": "Gasoline",
                 *             "provider": "glovis",
                 *             "price": 340,
                 *             "kilometers": 151155,
                 *             "displacement": 1998,
                 *             "vin": "KNMB6GW99C6907398",
                 *             "advertisementNumber": "GL11338740",
                 *             "gradeDetailEn": "2.0 RE",
                 *             "customerNotificationsEnabled": true,
                 *             "makeEn": "Renault Korea",
                 *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                 *           },
                 *           "contractNumber": 1,
                 *           "version": 3,
                 *           "customerName": "Layla Haddad",
                 *           "customerIdNumber": "P4471029",
                 *           "totalAmount": 18500,
                 *           "status": "Sent",
                 *           "sentAt": "2026-11-16T09:24:00.576Z",
                 *           "sentTo": "+971501234567",
                 *           "messageId": "local.57ocpeocna73axhaw6csmdh0",
                 *           "signingLink": "https://sign.example.com/c/1042"
                 *         },
                 *         "orderId": "zj4o55u2a8448bf1ecnikz5b"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "contract.sent";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Contract"];
                        /** @description the order it belongs to */
                        orderId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.contract.signed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_3z1d69mfp22ayv72qn69hj4w",
                 *       "type": "contract.signed",
                 *       "timestamp": "2026-11-16T09:26:00.124Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "contract",
                 *         "id": "a1wxpqa76sdt2p2v70lpjtot"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "notes": "Delivery to Jebel Ali port",
                 *           "color": "White",
                 *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *           "signingLink": "https://sign.example.com/c/1042",
                 *           "customerNameAr": "ليلى حداد",
                 *           "customerCountry": "AE",
                 *           "createdAt": "2026-11-16T09:21:30.891Z",
                 *           "customerPhone": "+971501234567",
                 *           "pdfUrl": null,
                 *           "terms": "Payment in full before shipping.",
                 *           "customerEmail": "layla@example.com",
                 *           "currency": "USD",
                 *           "vin": "KNAPU81BDN7123456",
                 *           "id": "a1wxpqa76sdt2p2v70lpjtot",
                 *           "mileage": "42,000 km",
                 *           "updatedAt": "2026-11-16T09:26:00.124Z",
                 *           "customerAddress": "Dubai Marina, Dubai",
                 *           "carDetails": {
                 *             "damage": [
                 *               "accident"
                 *             ],
                 *             "priceUnit": "10000 KRW",
                 *             "images": [
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *               "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *             ],
                 *             "color": "White",
                 *             "year": 2012,
                 *             "title": "Renault Korea SM5 L43 2.0 RE",
                 *             "firstRegistration": "2012-12",
                 *             "modelGroupEn": "SM5",
                 *             "auctionDate": "2026-10-12",
                 *             "carId": 17,
                 *             "gradeEn": "RE",
                 *             "modelEn": "SM5 L43",
                 *             "transmission": "CVT",
                 *             "fuelType": "Gasoline",
                 *             "provider": "glovis",
                 *             "price": 340,
                 *             "kilometers": 151155,
                 *             "displacement": 1998,
                 *             "vin": "KNMB6GW99C6907398",
                 *             "advertisementNumber": "GL11338740",
                 *             "gradeDetailEn": "2.0 RE",
                 *             "customerNotificationsEnabled": true,
                 *             "makeEn": "Renault Korea",
                 *             "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg"
                 *           },
                 *           "contractNumber": 1,
                 *           "messageId": "local.57ocpeocna73axhaw6csmdh0",
                 *           "sentAt": "2026-11-16T09:24:00.576Z",
                 *           "version": 4,
                 *           "customerName": "Layla Haddad",
                 *           "customerIdNumber": "P4471029",
                 *           "totalAmount": 18500,
                 *           "sentTo": "+971501234567",
                 *           "status": "Signed",
                 *           "signedAt": "2026-11-16T09:26:00.124Z",
                 *           "signedDocument": {
                 *             "url": "https://files.example.com/contracts/c-1042-signed.pdf",
                 *             "filename": "c-1042-signed.pdf",
                 *             "mimeType": "application/pdf",
                 *             "size": 184211
                 *           }
                 *         },
                 *         "orderId": "zj4o55u2a8448bf1ecnikz5b"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "contract.signed";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Contract"];
                        /** @description the order it belongs to */
                        orderId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.billing_entry.created": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_4ayix19xg7yharxw1rtquzj0",
                 *       "type": "billing_entry.created",
                 *       "timestamp": "2026-11-16T09:12:30.425Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "billing_entry",
                 *         "id": "c1p20dzq0f7q9oknz3py8z6h"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "c1p20dzq0f7q9oknz3py8z6h",
                 *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *           "orderNumber": 1,
                 *           "customerName": "Layla Haddad",
                 *           "type": "receipt",
                 *           "status": "Pending",
                 *           "amount": 2000,
                 *           "currency": "USD",
                 *           "description": "Deposit by bank transfer",
                 *           "items": [],
                 *           "receiptFileUrl": "https://files.example.com/receipts/r-1001.pdf",
                 *           "recordedBy": "demouseroperations000001",
                 *           "createdAt": "2026-11-16T09:12:30.425Z",
                 *           "updatedAt": "2026-11-16T09:12:30.425Z"
                 *         },
                 *         "orderId": "zj4o55u2a8448bf1ecnikz5b"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "billing_entry.created";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["BillingEntry"];
                        /** @description the order it belongs to */
                        orderId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.billing_entry.confirmed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_24yn5vi0j7g4rf2redq6gz28",
                 *       "type": "billing_entry.confirmed",
                 *       "timestamp": "2026-11-16T09:14:30.973Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "billing_entry",
                 *         "id": "c1p20dzq0f7q9oknz3py8z6h"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "amount": 2000,
                 *           "orderNumber": 1,
                 *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *           "receiptFileUrl": "https://files.example.com/receipts/r-1001.pdf",
                 *           "description": "Deposit by bank transfer",
                 *           "type": "receipt",
                 *           "customerName": "Layla Haddad",
                 *           "createdAt": "2026-11-16T09:12:30.425Z",
                 *           "recordedBy": "demouseroperations000001",
                 *           "currency": "USD",
                 *           "id": "c1p20dzq0f7q9oknz3py8z6h",
                 *           "items": [],
                 *           "status": "Confirmed",
                 *           "updatedAt": "2026-11-16T09:14:30.973Z",
                 *           "confirmedAt": "2026-11-16T09:14:30.973Z",
                 *           "confirmedBy": "demouseraccountant000001",
                 *           "confirmedByRole": "accountant",
                 *           "confirmedByKeyId": "zd3ienrp3un9zpp1sgdsmiyq"
                 *         },
                 *         "orderId": "zj4o55u2a8448bf1ecnikz5b"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "billing_entry.confirmed";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["BillingEntry"];
                        /** @description the order it belongs to */
                        orderId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.inspection.created": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_2jma81q24yetv6y8aeii3pwo",
                 *       "type": "inspection.created",
                 *       "timestamp": "2026-11-16T09:17:30.795Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "inspection",
                 *         "id": "x41jv784e3cd7lz9sh0t3tt5"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "x41jv784e3cd7lz9sh0t3tt5",
                 *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *           "inspectorId": "demouserinspector0000001",
                 *           "inspectorName": "Joon Lee (demo inspector)",
                 *           "status": "Pending",
                 *           "inspectionDate": "2026-12-01T10:00:00.000Z",
                 *           "notes": "Check the underbody for rust",
                 *           "photos": [],
                 *           "pdfReportUrl": null,
                 *           "createdAt": "2026-11-16T09:17:30.795Z",
                 *           "updatedAt": "2026-11-16T09:17:30.795Z",
                 *           "allowedStatusTransitions": [
                 *             "InProgress",
                 *             "Cancelled"
                 *           ]
                 *         },
                 *         "orderId": "zj4o55u2a8448bf1ecnikz5b"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "inspection.created";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Inspection"];
                        /** @description the order it belongs to */
                        orderId: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.inspection.status_changed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_1dqupq4pdly9t4fokqht3rca",
                 *       "type": "inspection.status_changed",
                 *       "timestamp": "2026-11-16T09:18:00.932Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "inspection",
                 *         "id": "x41jv784e3cd7lz9sh0t3tt5"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "notes": "Check the underbody for rust",
                 *           "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *           "inspectorId": "demouserinspector0000001",
                 *           "photos": [],
                 *           "inspectorName": "Joon Lee (demo inspector)",
                 *           "createdAt": "2026-11-16T09:17:30.795Z",
                 *           "pdfReportUrl": null,
                 *           "id": "x41jv784e3cd7lz9sh0t3tt5",
                 *           "inspectionDate": "2026-12-01T10:00:00.000Z",
                 *           "status": "InProgress",
                 *           "updatedAt": "2026-11-16T09:18:00.932Z",
                 *           "allowedStatusTransitions": [
                 *             "Completed",
                 *             "Cancelled"
                 *           ]
                 *         },
                 *         "orderId": "zj4o55u2a8448bf1ecnikz5b",
                 *         "from": "Pending",
                 *         "to": "InProgress"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "inspection.status_changed";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["Inspection"];
                        /** @description the order it belongs to */
                        orderId: string;
                        from: string;
                        to: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.wallet.transaction_created": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_626u6q1pp4dn8j43i8gbh3tn",
                 *       "type": "wallet.transaction_created",
                 *       "timestamp": "2026-11-16T09:55:00.070Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "wallet",
                 *         "id": "wa96e1wh83dvnvnnoymvpaqnd"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "x31fcn0kpic79atai7kep35x",
                 *           "type": "credit",
                 *           "amount": 20000,
                 *           "delta": 20000,
                 *           "balanceAfter": 20000,
                 *           "currency": "USD",
                 *           "description": "Top-up by bank transfer",
                 *           "createdAt": "2026-11-16T09:55:00.070Z"
                 *         },
                 *         "wallet": {
                 *           "id": "wa96e1wh83dvnvnnoymvpaqnd",
                 *           "customerId": "a96e1wh83dvnvnnoymvpaqnd",
                 *           "tenantId": "demotenantgulfmotors0001",
                 *           "balance": 20000,
                 *           "currency": "USD",
                 *           "createdAt": "2026-11-16T09:04:30.233Z",
                 *           "updatedAt": "2026-11-16T09:55:00.070Z"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "wallet.transaction_created";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["WalletTransaction"];
                        wallet: components["schemas"]["Wallet"];
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.car.removed": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_3trsyc0vz1q3okm02ymh1p0u",
                 *       "type": "car.removed",
                 *       "timestamp": "2026-11-16T10:34:03.915Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "car",
                 *         "id": "182"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "damage": [],
                 *           "color": "Blue",
                 *           "city": "Busan",
                 *           "year": 2017,
                 *           "availability": "sold",
                 *           "generationCode": "L43",
                 *           "title": "Renault Korea SM5 L43 2.0 SE",
                 *           "seats": 5,
                 *           "firstRegistration": "2017-01",
                 *           "gradeEn": "SE",
                 *           "createdAt": "2026-09-27T08:56:57.000Z",
                 *           "modelEn": "SM5 L43",
                 *           "transmission": "CVT",
                 *           "provider": "autohub",
                 *           "price": 380,
                 *           "options": [
                 *             "Navigation",
                 *             "Heated seats",
                 *             "Heated steering wheel"
                 *           ],
                 *           "displacement": 1998,
                 *           "vin": "KNMWL1CC3H0175528",
                 *           "advertisementNumber": "AH13175193",
                 *           "gradeDetailEn": "2.0 SE",
                 *           "id": 182,
                 *           "removedAt": "2026-11-16T10:34:01.809Z",
                 *           "vehicleType": "Sedan",
                 *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-blue-thumb.svg",
                 *           "images": [
                 *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-blue-1.svg",
                 *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-blue-2.svg",
                 *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-blue-3.svg"
                 *           ],
                 *           "drivetrain": "2WD",
                 *           "published": true,
                 *           "modelGroupEn": "SM5",
                 *           "auctionDate": "2026-10-11",
                 *           "fuelType": "Gasoline",
                 *           "kilometers": 191648,
                 *           "makeEn": "Renault Korea",
                 *           "ownerChanges": 1
                 *         },
                 *         "orderIds": [
                 *           "fqbq6n3n5e6k7bayo1nyjzhm"
                 *         ],
                 *         "availability": "sold"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "car.removed";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["CarDetail"];
                        /** @description your open orders on the car */
                        orderIds: string[];
                        /** @enum {string} */
                        availability: "sold" | "withdrawn";
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.car.repriced": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_11jxo3bjucw7ovbxf4at307d",
                 *       "type": "car.repriced",
                 *       "timestamp": "2026-11-16T10:31:34.283Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "car",
                 *         "id": "17"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "damage": [
                 *             "accident"
                 *           ],
                 *           "color": "White",
                 *           "year": 2012,
                 *           "city": "Incheon",
                 *           "generationCode": "L43",
                 *           "title": "Renault Korea SM5 L43 2.0 RE",
                 *           "seats": 5,
                 *           "firstRegistration": "2012-12",
                 *           "gradeEn": "RE",
                 *           "createdAt": "2026-08-13T20:45:09.000Z",
                 *           "modelEn": "SM5 L43",
                 *           "transmission": "CVT",
                 *           "provider": "glovis",
                 *           "price": 360,
                 *           "options": [
                 *             "Navigation",
                 *             "Rear camera",
                 *             "Parking sensors"
                 *           ],
                 *           "vin": "KNMB6GW99C6907398",
                 *           "displacement": 1998,
                 *           "advertisementNumber": "GL11338740",
                 *           "gradeDetailEn": "2.0 RE",
                 *           "id": 17,
                 *           "vehicleType": "Sedan",
                 *           "thumbnailUrl": "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-thumb.svg",
                 *           "images": [
                 *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-1.svg",
                 *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-2.svg",
                 *             "https://vehicle-purchase-orders-prod-archive.s3.eu-west-1.amazonaws.com/pictures/demo/sedan-white-3.svg"
                 *           ],
                 *           "drivetrain": "2WD",
                 *           "published": true,
                 *           "modelGroupEn": "SM5",
                 *           "auctionDate": "2026-10-12",
                 *           "fuelType": "Gasoline",
                 *           "kilometers": 151155,
                 *           "makeEn": "Renault Korea",
                 *           "ownerChanges": 1,
                 *           "priceHistory": [
                 *             {
                 *               "from": 340,
                 *               "at": "2026-11-16T10:31:32.177Z",
                 *               "to": 360
                 *             }
                 *           ],
                 *           "availability": "available"
                 *         },
                 *         "orderIds": [
                 *           "cak16s4ngripubck9hrsrzna",
                 *           "aqtc12nh3gb4hx3flckkglor"
                 *         ],
                 *         "from": 340,
                 *         "to": 360
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "car.repriced";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: components["schemas"]["CarDetail"];
                        /** @description your open orders on the car */
                        orderIds: string[];
                        from: number;
                        to: number;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook.webhook.test": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description The event id: the same on every attempt and replay. Drop one you have already handled.
                 * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                 */
                "webhook-id": string;
                /**
                 * @description Seconds since the epoch when this attempt was signed; refuse one far from your clock (libraries allow 5 minutes).
                 * @example 1795456603
                 */
                "webhook-timestamp": string;
                /**
                 * @description Space-separated `v1,<base64 HMAC-SHA256 of id.timestamp.body>`, one per valid secret (two during a rotation). Verify with a Standard Webhooks library.
                 * @example v1,OpPi6oFugKo3Tt1UZd9+07QYoV9uW3zLQRkD3cOyG0o=
                 */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_3kvw4u9fypjkbsio73111f92",
                 *       "type": "webhook.test",
                 *       "timestamp": "2026-11-16T10:22:00.468Z",
                 *       "tenantId": "demotenantgulfmotors0001",
                 *       "resource": {
                 *         "type": "webhook_endpoint",
                 *         "id": "ermkz7ggv6dhxyvag0fajn4m"
                 *       },
                 *       "data": {
                 *         "object": {
                 *           "id": "ermkz7ggv6dhxyvag0fajn4m",
                 *           "url": "https://erp.gulfmotors.example/hooks/orders"
                 *         },
                 *         "message": "A test event: your endpoint receives and verifies signed deliveries."
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The event id, also the `webhook-id` header: the same on every attempt and replay. Drop an id you have already handled.
                     * @example evt_k3x9w2ab7c1d5e8f0g4h6j2m
                     */
                    id: string;
                    /** @constant */
                    type: "webhook.test";
                    /** Format: date-time */
                    timestamp: string;
                    /** @example demotenantgulfmotors0001 */
                    tenantId?: string;
                    /** @description What the event is about: one resource's events arrive in the order they happened. */
                    resource: {
                        /** @enum {string} */
                        type: "order" | "contract" | "billing_entry" | "inspection" | "wallet" | "webhook_endpoint" | "car";
                        /** @example m2x8q4r7t1v5w9y3z6a0b2c4 */
                        id: string;
                    };
                    data: {
                        object: {
                            id: string;
                            url: string;
                        };
                        message: string;
                    };
                };
            };
        };
        responses: {
            /** @description Delivered. Answer within 10 seconds; the body is ignored. */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Any other answer, or none within 10 seconds, is a failed attempt: retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then given up (replayable). */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
