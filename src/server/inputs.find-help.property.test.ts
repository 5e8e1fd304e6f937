/** Every query parameter of the government and local resources, and the service notices: never a 5xx. */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { LANGUAGE_KEYS } from '../shared/schemas/languages';
import { AUS_STATES, GOVERNMENT_CATEGORIES, LOCAL_CATEGORIES } from '../shared/schemas/resources';
import {
  anyParam,
  anything,
  encode,
  encodedAny,
  extraParam,
  lineOk,
  numeric,
  oneFieldOff,
  validParam,
  withExtra,
  withQuery,
} from './inputs.arbitraries.test-helpers';
import { json, MANY_RUNS, RUNS, TIMEOUT, useInputsApp } from './inputs.test-helpers';
import { OFFICIAL_SERVICES } from './modules/government/status';
import { bearer } from './test/helpers';

const { send, admin } = useInputsApp();

describe('government and local resources', () => {
  it(
    'GET /api/government/resources: keyword, category and state',
    async () => {
      const query = oneFieldOff(
        fc.record({
          keyword: validParam(
            fc.oneof(lineOk(20), fc.constantFrom('visa', 'tax', 'Medicare', 'thuế', '%', '_')),
          ),
          category: validParam(fc.constantFrom(...GOVERNMENT_CATEGORIES, 'all')),
          state: validParam(fc.constantFrom(...AUS_STATES, 'all')),
        }),
        {
          keyword: anyParam(),
          category: anyParam(),
          state: fc.oneof(anyParam(), fc.constantFrom('national', 'nsw')),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, extraParam, async (params, extra) => {
          await send({
            method: 'GET',
            url: withQuery('/api/government/resources', withExtra(params, extra)),
          });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/government/local/:postcode: any postcode, and category',
    async () => {
      const postcode = fc.oneof(
        fc.constantFrom('2000', '3000', '0800', '0200', '6000', '7000', '0000', '9999'),
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        encodedAny(300),
      );
      const category = fc.oneof(validParam(fc.constantFrom(...GOVERNMENT_CATEGORIES, 'all')), anyParam());
      await fc.assert(
        fc.asyncProperty(postcode, category, async (postcode, category) => {
          await send({ method: 'GET', url: withQuery(`/api/government/local/${postcode}`, { category }) });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/resources: postcode, lat, lng, category and radius',
    async () => {
      const postcode = fc.oneof(
        fc.constantFrom('2000', '3000', '0800', '0872', '0000', '9999'),
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
      );
      const coordinate = (min: number, max: number, aus: [number, number]) =>
        fc.oneof(
          fc.double({ min: aus[0], max: aus[1], noNaN: true }).map(String),
          fc.double({ min, max, noNaN: true }).map(String),
          fc.constantFrom(String(min), String(max), '0', '-0', ''),
        );
      const common = {
        category: validParam(fc.constantFrom(...LOCAL_CATEGORIES, 'all')),
        radius: validParam(
          fc.oneof(fc.constantFrom('10', '25', '50', '100'), fc.integer({ min: 1, max: 100 }).map(String)),
        ),
      };
      const query = oneFieldOff(
        fc.oneof(
          fc.record({ postcode: postcode.map(encode), ...common }),
          fc.record({
            lat: coordinate(-90, 90, [-44, -10]).map(encode),
            lng: coordinate(-180, 180, [112, 154]).map(encode),
            ...common,
          }),
        ),
        {
          postcode: anyParam(),
          lat: fc.oneof(anyParam(), numeric.map(encode)),
          lng: fc.oneof(anyParam(), numeric.map(encode)),
          category: anyParam(),
          radius: fc.oneof(anyParam(), numeric.map(encode)),
        },
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          await send({ method: 'GET', url: withQuery('/api/resources', params) });
        }),
        MANY_RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'GET /api/resources/in-language: language and state',
    async () => {
      const query = oneFieldOff(
        fc.record({
          language: validParam(fc.constantFrom(...LANGUAGE_KEYS)),
          state: validParam(fc.constantFrom(...AUS_STATES, 'all')),
        }),
        { language: anyParam(), state: anyParam() },
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          await send({ method: 'GET', url: withQuery('/api/resources/in-language', params) });
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );

  it(
    'PUT /api/admin/government/status/:id: any service id and note, as an admin',
    async () => {
      const id = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...OFFICIAL_SERVICES.map((s) => s.id)) },
        { weight: 1, arbitrary: encodedAny(300) },
      );
      const body = oneFieldOff(fc.record({ note: fc.oneof(lineOk(100), fc.constant(null)) }), {
        note: anything(300),
      });
      await fc.assert(
        fc.asyncProperty(id, body, async (id, payload) => {
          const response = await send({
            method: 'PUT',
            url: `/api/admin/government/status/${id}`,
            headers: { ...json, ...bearer(admin.token) },
            payload,
          });
          if (response.statusCode === 200) await send({ method: 'GET', url: '/api/government/status' });
        }),
        RUNS,
      );
    },
    TIMEOUT,
  );
});
