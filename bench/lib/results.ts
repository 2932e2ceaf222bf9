/** One measured figure, as written to bench/results.json. */
export interface Entry {
  /** Stable id, `B<n>.<what>`. */
  name: string
  value: number
  unit: string
  /** The limit, or `null` when the figure is reported only. */
  budget: number | null
  /** `max`: value must be at or under the budget; `min`: at or over it. */
  direction: 'max' | 'min'
  /** The same-run baseline, where the figure has one. */
  baseline?: number
  /** value / baseline, where the figure has a baseline. */
  ratio?: number
  /** The budget applies to the ratio, not the value. */
  onRatio?: true
  pass: boolean
  /** A short note shown in RESULTS.md. */
  note?: string
}

export interface Figure {
  name: string
  value: number
  unit: string
  budget?: number | null
  direction?: 'max' | 'min'
  baseline?: number
  /** When true the budget applies to value / baseline instead of value. */
  budgetOnRatio?: boolean
  note?: string
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits))

/** Turns a measured figure into an entry, judging it against its budget. */
export function entry(figure: Figure): Entry {
  const budget = figure.budget ?? null
  const direction = figure.direction ?? 'max'
  const ratio =
    figure.baseline !== undefined && figure.baseline > 0
      ? round(figure.value / figure.baseline)
      : undefined
  const judged = figure.budgetOnRatio ? ratio : figure.value
  let pass = true
  if (budget !== null)
    pass = judged !== undefined && (direction === 'max' ? judged <= budget : judged >= budget)
  return {
    name: figure.name,
    value: round(figure.value),
    unit: figure.unit,
    budget,
    direction,
    ...(figure.baseline !== undefined && { baseline: round(figure.baseline) }),
    ...(ratio !== undefined && { ratio }),
    ...(figure.budgetOnRatio && { onRatio: true as const }),
    pass,
    ...(figure.note !== undefined && { note: figure.note }),
  }
}

/** A failed benchmark: reported as one failing entry, so the run still writes its files. */
export function failed(name: string, error: unknown): Entry {
  const message = error instanceof Error ? error.message : String(error)
  return {
    name,
    value: Number.NaN,
    unit: '',
    budget: null,
    direction: 'max',
    pass: false,
    note: `error: ${message.split('\n')[0]}`,
  }
}
