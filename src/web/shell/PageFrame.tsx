// The common frame of a page: its title as the page heading, then its content.
import { Container, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageFrame({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{title}</Title>
        {children}
      </Stack>
    </Container>
  );
}
