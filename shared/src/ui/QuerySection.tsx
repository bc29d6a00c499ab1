import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card } from './Card';
import { QueryState, type QueryStateProps } from './QueryState';

export interface QuerySectionProps<T> extends QueryStateProps<T> {
  /** The section's heading; screen readers name the section by it. */
  title: ReactNode;
  /** The heading's id, unique on the page (the section's `aria-labelledby`). */
  titleId: string;
  /** What stands between the heading and the query's states: a line on what the section counts, say. */
  intro?: ReactNode;
  /** 'card' (the default): a panel of its own; 'plain': a part of the page, without a frame. */
  frame?: 'card' | 'plain';
}

/** A section's heading on a dashboard screen (the admin screens' titled panels use it too). */
export const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/**
 * A titled section that shows one query: the heading names the section for screen readers, and the query is shown
 * the one way every list is (QueryState: loading, error with «Riprova», empty with its call to action, the data).
 * Written once for the admin's audit, services and admins, the usage counts and the overview's sales report.
 */
export function QuerySection<T>({ title, titleId, intro, frame = 'card', ...state }: QuerySectionProps<T>) {
  const Frame = frame === 'card' ? Card : 'section';
  return (
    <Frame aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {intro}
      <QueryState {...state} />
    </Frame>
  );
}
