import { describe, expect, it } from 'vitest';
import sample from '#content/tables.json' with { type: 'json' };
import { fieldIssues } from '../schema/issues.ts';
import { type Area, areaClosedOn, type TablesDocument, tablesDocumentSchema } from './layout.ts';

const layout = tablesDocumentSchema.parse(sample);

function issuesOf(document: unknown) {
  const result = tablesDocumentSchema.safeParse(document);
  return result.success ? [] : fieldIssues(result.error);
}

/** The sample layout with one part changed. */
function changed(change: Partial<TablesDocument>): TablesDocument {
  return { ...structuredClone(layout), ...change };
}

describe('the tables document', () => {
  it('accepts the sample layout in content/tables.json', () => {
    expect(issuesOf(sample)).toEqual([]);
    expect(layout.tables).toHaveLength(12);
    expect(layout.joins).toHaveLength(3);
  });

  it('refuses an id used twice, on the second one', () => {
    const tables = layout.tables.map((table, index) => (index === 11 ? { ...table, id: 'garden-1' } : table));
    expect(issuesOf(changed({ tables }))).toEqual([{ path: 'tables.11.id', message: 'is used twice' }]);
    const areas = [...layout.areas, { id: 'bar', name: 'Back bar', closed: [] }];
    expect(issuesOf(changed({ areas }))).toEqual([{ path: 'areas.4.id', message: 'is used twice' }]);
    const joins = [...layout.joins, { ...layout.joins[0], name: 'Again' }] as TablesDocument['joins'];
    expect(issuesOf(changed({ joins }))).toEqual([{ path: 'joins.3.id', message: 'is used twice' }]);
  });

  it('refuses a join with the id of a table: staff choose a place by its id', () => {
    const joins = layout.joins.map((join, index) => (index === 0 ? { ...join, id: 'table-1' } : join));
    expect(issuesOf(changed({ joins }))).toEqual([
      { path: 'joins.0.id', message: 'is already the id of a table' },
    ]);
  });

  it('refuses a table in an area that is not listed', () => {
    const tables = layout.tables.map((table, index) => (index === 2 ? { ...table, area: 'cellar' } : table));
    expect(issuesOf(changed({ tables }))).toEqual([
      { path: 'tables.2.area', message: 'must be one of the areas' },
    ]);
  });

  it('refuses a join naming a table that is not listed, or a table twice', () => {
    const unknown = layout.joins.map((join, index) =>
      index === 1 ? { ...join, tables: ['table-3', 'table-99'] } : join,
    );
    expect(issuesOf(changed({ joins: unknown }))).toEqual([
      { path: 'joins.1.tables', message: 'names a table that is not listed' },
    ]);
    const twice = layout.joins.map((join, index) =>
      index === 1 ? { ...join, tables: ['table-3', 'table-4', 'table-3'] } : join,
    );
    expect(issuesOf(changed({ joins: twice }))).toEqual([
      { path: 'joins.1.tables', message: 'names a table twice' },
    ]);
  });

  it('refuses an area closure that ends before it starts', () => {
    const areas = layout.areas.map((area, index) =>
      index === 3 ? { ...area, closed: [{ from: '2026-11-01', to: '2026-10-31', reason: 'Winter' }] } : area,
    );
    expect(issuesOf(changed({ areas }))).toEqual([
      { path: 'areas.3.closed.0.to', message: 'must end on or after the day it starts' },
    ]);
  });

  it('refuses a table or a join whose minimum is above its maximum', () => {
    const tables = layout.tables.map((table, index) => (index === 0 ? { ...table, minCovers: 3 } : table));
    expect(issuesOf(changed({ tables }))).toEqual([
      { path: 'tables.0.maxCovers', message: 'must seat at least its minimum' },
    ]);
    const joins = layout.joins.map((join, index) => (index === 2 ? { ...join, minCovers: 13 } : join));
    expect(issuesOf(changed({ joins }))).toEqual([
      { path: 'joins.2.maxCovers', message: 'must seat at least its minimum' },
    ]);
  });

  it('refuses an online pacing limit above the staff one, and takes either alone', () => {
    const pacing = { ...layout.pacing, dinner: { online: 30, staff: 24 } };
    expect(issuesOf(changed({ pacing }))).toEqual([
      { path: 'pacing.dinner.staff', message: 'must be at least the online limit' },
    ]);
    expect(issuesOf(changed({ pacing: { ...layout.pacing, dinner: { online: 30, staff: null } } }))).toEqual(
      [],
    );
    expect(issuesOf(changed({ pacing: { ...layout.pacing, dinner: { online: null, staff: 24 } } }))).toEqual(
      [],
    );
  });

  it('refuses tables mode with no tables, but takes covers mode without them', () => {
    expect(issuesOf(changed({ mode: 'tables', tables: [], joins: [] }))).toEqual([
      { path: 'mode', message: 'needs at least one table' },
    ]);
    expect(issuesOf(changed({ mode: 'covers', tables: [], joins: [] }))).toEqual([]);
    expect(issuesOf(changed({ mode: 'tables' }))).toEqual([]);
  });
});

describe('areaClosedOn', () => {
  const garden: Area = {
    id: 'garden',
    name: 'Garden',
    closed: [
      { from: '2026-11-01', to: '2027-02-28', reason: 'Winter' },
      { from: '2026-07-04', to: '2026-07-04', reason: 'Wedding' },
    ],
  };

  it('is true from the first to the last day of a closure, both included', () => {
    expect(areaClosedOn(garden, '2026-11-01')).toBe(true);
    expect(areaClosedOn(garden, '2026-12-25')).toBe(true);
    expect(areaClosedOn(garden, '2027-02-28')).toBe(true);
    expect(areaClosedOn(garden, '2026-07-04')).toBe(true);
  });

  it('is false outside every closure, and for an area never closed', () => {
    expect(areaClosedOn(garden, '2026-10-31')).toBe(false);
    expect(areaClosedOn(garden, '2027-03-01')).toBe(false);
    expect(areaClosedOn(garden, '2026-07-03')).toBe(false);
    expect(areaClosedOn({ ...garden, closed: [] }, '2026-12-25')).toBe(false);
  });
});
