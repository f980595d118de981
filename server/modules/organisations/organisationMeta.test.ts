import { describe, it } from 'vitest';
import { expectMetaMatches } from '../../testing/metaMatches';
import { organisationGetMeta } from './organisationMeta';

describe('organisation description', () => {
  it('matches the Organisation schema and getOrganisation', () => expectMetaMatches(organisationGetMeta, 'Organisation', 'getOrganisation'));
});
