// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTable, type DataTableColumn } from './DataTable.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Side {
  id: string;
  name: string;
  pool: number;
}

const columns: readonly DataTableColumn<Side>[] = [
  { header: 'Side', cell: (side) => side.name, rowHeader: true },
  { header: 'Pool', cell: (side) => side.pool, cellTestId: (side) => `pool-${side.id}` },
];

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function render(rows: readonly Side[], empty: string | null = 'Nothing to list.'): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root?.render(
      <DataTable
        caption="Pools"
        columns={columns}
        rows={rows}
        rowKey={(side) => side.id}
        empty={empty}
        testId="pools"
        rowTestId="pool-row"
      />,
    ),
  );
  return container;
}

describe('DataTable', () => {
  it('names the table, scopes its headers and marks the cells tests read', () => {
    const container = render([
      { id: 'first', name: 'Oracle', pool: 100 },
      { id: 'draw', name: 'Draw', pool: 0 },
    ]);
    const table = container.querySelector('table[data-testid="pools"]');
    expect(table?.querySelector('caption')?.textContent).toBe('Pools');
    const columnHeaders = [...(table?.querySelectorAll('thead th') ?? [])];
    expect(columnHeaders.map((th) => [th.textContent, th.getAttribute('scope')])).toEqual([
      ['Side', 'col'],
      ['Pool', 'col'],
    ]);
    const rows = [...(table?.querySelectorAll('tbody tr[data-testid="pool-row"]') ?? [])];
    expect(rows.map((row) => row.querySelector('th[scope="row"]')?.textContent)).toEqual([
      'Oracle',
      'Draw',
    ]);
    expect(container.querySelector('[data-testid="pool-first"]')?.textContent).toBe('100');
    // The table scrolls inside its own box, so a narrow screen never scrolls the page sideways.
    expect(table?.parentElement?.className).toBe('data-table-scroll');
  });

  it('takes a look of its own, column classes on headers and cells, and data attributes per row', () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root?.render(
        <DataTable
          caption="Pools"
          columns={[
            { header: 'Side', cell: (side: Side) => side.name },
            {
              header: 'Pool',
              cell: (side: Side) => side.pool,
              className: 'number',
              headerClassName: 'pool-header',
            },
          ]}
          rows={[{ id: 'first', name: 'Oracle', pool: 100 }]}
          rowKey={(side) => side.id}
          rowData={(side) => ({ 'data-side-id': side.id })}
          empty={null}
          className="pools"
        />,
      ),
    );
    const table = container.querySelector('table');
    // The table's own class replaces the shared look, whose rules would fight its stylesheet.
    expect(table?.className).toBe('pools');
    expect([...(table?.querySelectorAll('thead th') ?? [])].map((th) => th.className)).toEqual([
      '',
      'pool-header',
    ]);
    const row = table?.querySelector('tbody tr');
    expect(row?.getAttribute('data-side-id')).toBe('first');
    expect([...(row?.children ?? [])].map((cell) => cell.className)).toEqual(['', 'number']);
  });

  it('says there is nothing to list instead of showing an empty table', () => {
    const container = render([]);
    expect(container.querySelector('table')).toBeNull();
    expect(container.textContent).toBe('Nothing to list.');
  });

  it('shows nothing for no rows when the page says so elsewhere', () => {
    const container = render([], null);
    expect(container.innerHTML).toBe('');
  });
});
