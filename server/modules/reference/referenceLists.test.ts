import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Country, DovetailGroup, DovetailSite, Timezone } from '../../generated/types';
import { startTestServer, type TestClient, type TestServer } from '../../testing/testServer';

describe('time zones, country codes, groups and sites', () => {
  let server: TestServer;
  let root: TestClient;
  let resellerAdmin: TestClient;
  let buyer: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    [root, resellerAdmin, buyer] = [server.client(), server.client(), server.client()];
    await root.login('admin@supplier.example');
    await resellerAdmin.login('admin@reseller.example');
    await buyer.login('buyer@customer.example');
  });
  afterAll(async () => {
    await server.close();
  });

  it('lists about thirty IANA time zones by name to any signed-in user, with text filter and paging', async () => {
    const response = await buyer.get<Timezone[]>('/api/v1/timezones');
    expect(response.body.length).toBeGreaterThanOrEqual(30);
    expect(response.headers.get('x-total-count')).toBe(String(response.body.length));
    expect(response.body.map((zone) => zone.code)).toContain('Europe/London');
    expect((await buyer.get<Timezone[]>('/api/v1/timezones?text=berlin')).body.map((zone) => zone.code)).toEqual(['Europe/Berlin']);
    const byCode = (await buyer.get<Timezone[]>('/api/v1/timezones?sort_by=-code')).body.map((zone) => zone.code);
    expect(byCode).toEqual([...byCode].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    const paged = await buyer.get<Timezone[]>('/api/v1/timezones?per_page=10&page=2');
    expect(paged.headers.get('x-total-pages')).toBe(String(Math.ceil(response.body.length / 10)));
    const london = response.body.find((zone) => zone.code === 'Europe/London')!;
    expect((await buyer.get<Timezone>(`/api/v1/timezones/${london.id}`)).body).toEqual(london);
    expect((await buyer.get('/api/v1/timezones/9999')).status).toBe(404);
  });

  it('lists at least 40 countries with GB and IE first', async () => {
    const countries = (await buyer.get<Country[]>('/api/v1/country_codes')).body;
    expect(countries.length).toBeGreaterThanOrEqual(40);
    expect(
      countries
        .slice(0, 2)
        .map((country) => country.code)
        .sort(),
    ).toEqual(['GB', 'IE']);
    expect((await buyer.get<Country[]>('/api/v1/country_codes?text=germ')).body.map((country) => country.code)).toEqual(['DE']);
    const byName = (await buyer.get<Country[]>('/api/v1/country_codes?sort_by=%2Bname')).body.map((country) => country.name);
    expect(byName[0]).toBe('Australia');
    expect((await buyer.get('/api/v1/country_codes/9999')).status).toBe(404);
  });

  it('lists Dovetail groups and sites in the caller subtree, with filters, to a DOVETAIL organisation', async () => {
    const groups = await buyer.get<DovetailGroup[]>('/api/v1/groups');
    expect(groups.body.map((group) => group.name)).toEqual(['Dublin meeting rooms', 'Leeds meeting rooms']);
    expect(groups.headers.get('x-total-count')).toBe('2');
    expect((await root.get<DovetailGroup[]>('/api/v1/groups')).body).toHaveLength(4);
    expect((await root.get<DovetailGroup[]>('/api/v1/groups?organisation=7')).body.map((group) => group.name)).toEqual([
      'Dublin meeting rooms',
    ]);
    expect((await root.get<DovetailGroup[]>('/api/v1/groups?text=LEEDS')).body.map((group) => group.name)).toEqual(['Leeds meeting rooms']);
    expect((await root.get<DovetailGroup[]>('/api/v1/groups?sort_by=-name')).body[0]?.name).toBe('Other Customer rooms');
    expect((await buyer.get('/api/v1/groups/4')).status).toBe(404);
    const sites = await buyer.get<DovetailSite[]>('/api/v1/sites');
    expect(sites.body.map((site) => site.name)).toEqual(['Dublin Grand Canal', 'Leeds HQ']);
    expect(sites.body[0]?.organisation).toMatchObject({ id: 7 });
    expect((await buyer.get('/api/v1/sites/4')).status).toBe(404);
    expect((await buyer.get<DovetailSite>('/api/v1/sites/1')).body).toMatchObject({ id: 1, name: 'Leeds HQ' });
  });

  it('answers 403 for groups and sites to an organisation without the DOVETAIL module', async () => {
    // The reseller subscribes to WEBSTORE only; its customer Customer Co also to DOVETAIL.
    expect((await resellerAdmin.get('/api/v1/groups')).status).toBe(403);
    expect((await resellerAdmin.get('/api/v1/sites')).status).toBe(403);
    expect((await resellerAdmin.get('/api/v1/sites/1')).status).toBe(403);
  });
});
