/**
 * The data every service, client and widget test starts from (API.md §8 fixture format).
 * Shop 1 is in Australia/Melbourne; shop 2 exists to prove one shop never sees another's data.
 */
export const TEST_NOW = '2026-11-22T01:00:00.000Z'; // 12:00 on Sunday 22 November in Melbourne

export const testFixture = {
  shops: [
    {
      name: 'Harbour Kayaks',
      tz: 'Australia/Melbourne',
      locale: 'en',
      locations: [{ name: 'Docklands' }, { name: 'St Kilda' }],
      products: [
        {
          external_id: 7001,
          title: 'Kayak hire',
          vendor: 'Harbour',
          location: 'Docklands',
          variants: [
            { external_id: 8001, title: 'Single kayak', capacity: 3 },
            { external_id: 8002, title: 'Double kayak', capacity: 2 },
          ],
        },
        {
          external_id: 7002,
          title: 'Sunset tour',
          vendor: 'Bay Tours',
          location: 'St Kilda',
          variants: [{ external_id: 8003, title: 'Adult', capacity: 10 }],
        },
      ],
      widgets: [
        {
          title: 'Kayak hire',
          type: 'range',
          external_product_ids: [7001],
          settings: { min_days: 1, max_days: 7, lead_days: 1 },
        },
        { title: 'Sunset tour', type: 'date', external_product_ids: [7002], settings: { quantity_max: 6 } },
      ],
      blackouts: [
        {
          title: 'Christmas',
          shopper_reason: 'Christmas Day',
          starts_at: '2026-12-25',
          finishes_at: '2026-12-26',
          scope: 'overlap',
        },
        { title: 'Hull repairs', starts_at: '2027-01-10', finishes_at: '2027-01-13', external_variant_id: 8001 },
        {
          title: 'Tour guide away',
          starts_at: '2026-12-01',
          finishes_at: '2026-12-03',
          external_product_id: 7002,
          scope: 'start',
        },
        { title: 'Docklands closed', starts_at: '2027-02-01', finishes_at: '2027-02-02', location: 'Docklands' },
      ],
      tokens: [
        { kind: 'secret', token: 'sk_test_harbour' },
        {
          kind: 'publishable',
          token: 'pk_test_harbour',
          origins: ['http://localhost:8787', 'https://harbour.example'],
        },
      ],
      shopify: { domain: 'harbour-test.myshopify.com', api_secret: 'hush' },
    },
    {
      name: 'Alpine Rentals',
      tz: 'Europe/Berlin',
      locale: 'de',
      locations: [],
      products: [
        {
          external_id: 9001,
          title: 'Ski rental',
          vendor: 'Alpine',
          variants: [{ external_id: 9101, title: 'Skis', capacity: 5 }],
        },
      ],
      widgets: [{ title: 'Ski rental', type: 'range', external_product_ids: [9001] }],
      blackouts: [{ title: 'Inventory', starts_at: '2026-12-24', finishes_at: '2026-12-25' }],
      tokens: [
        { kind: 'secret', token: 'sk_test_alpine' },
        { kind: 'publishable', token: 'pk_test_alpine', origins: ['https://alpine.example'] },
      ],
    },
  ],
};
