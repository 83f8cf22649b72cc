import type { Site } from '@washops/backoffice-client';
import { ValidationError } from '@washops/shared-errors';
import { describe, expect, it } from 'vitest';
import { resolveSiteCodes } from '../src/index.js';

const site = (code: string | null, regionId: number | null, regionName: string | null): Site => ({ id: 1, name: code ?? 'unnamed', code, regionId, regionName, districtId: null, districtName: null });
const TREE: Site[] = [site('NILES', 2, 'WashU Illinois'), site('CENT', 2, 'WashU Illinois'), site('BurbT2', 2, 'WashU Illinois'), site('HOBART', 4, 'WashU Indiana'), site(null, 4, 'WashU Indiana')];

/** The BackOffice's site list, counting its reads. */
function backoffice() {
  const calls: unknown[] = [];
  return {
    calls,
    listSites: async (options?: unknown) => {
      calls.push(options);
      return TREE;
    },
  };
}

describe('the one site resolver (explorer, exports, sync ranges, reports, MCP)', () => {
  it('reads nothing and answers undefined (every site) when neither sites nor a region is named', async () => {
    const reads = backoffice();
    expect(await resolveSiteCodes(reads, {})).toBeUndefined();
    expect(reads.calls).toHaveLength(0);
  });

  it('matches codes in any case and gives them back as the tree spells them, once each', async () => {
    expect(await resolveSiteCodes(backoffice(), { sites: ['burbt2', ' niles ', 'NILES'] })).toEqual(['BurbT2', 'NILES']);
  });

  it("takes a code the tree lacks from the Data API's list, and refuses one neither knows", async () => {
    const dataApi = async () => [{ code: 'ECOM' }, { code: null }];
    expect(await resolveSiteCodes(backoffice(), { sites: ['ecom', 'CENT'] }, undefined, dataApi)).toEqual(['ECOM', 'CENT']);
    const refusal = resolveSiteCodes(backoffice(), { sites: ['NOWHERE', 'ELSEWHERE'] }, undefined, dataApi);
    await expect(refusal).rejects.toBeInstanceOf(ValidationError);
    await expect(refusal).rejects.toThrow('Unknown sites: NOWHERE, ELSEWHERE.');
  });

  it('resolves a region by its name in any case or by its id, only sites with a code', async () => {
    expect(await resolveSiteCodes(backoffice(), { region: 'washu illinois' })).toEqual(['NILES', 'CENT', 'BurbT2']);
    expect(await resolveSiteCodes(backoffice(), { region: '4' })).toEqual(['HOBART']);
    await expect(resolveSiteCodes(backoffice(), { region: 'Atlantis' })).rejects.toThrow('No site with a code is in the region "Atlantis".');
  });

  it('passes the signal on to the site list', async () => {
    const reads = backoffice();
    const signal = new AbortController().signal;
    await resolveSiteCodes(reads, { region: '2' }, signal);
    expect(reads.calls).toEqual([{ signal }]);
  });
});
