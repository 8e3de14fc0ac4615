import type { ReactNode } from 'react'

/** One titled part of the profile page. */
export function Section(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="rounded-lg border border-gray-300 p-4 md:p-6">
      <h2 id={props.id} className="text-xl font-semibold">
        {props.title}
      </h2>
      <div className="mt-4">{props.children}</div>
    </section>
  )
}

/** A short confirmation after a form was saved, read out politely. */
export function Saved({ show, children }: { show: boolean; children: ReactNode }) {
  return (
    <p role="status" className="font-medium text-success">
      {show ? children : null}
    </p>
  )
}
