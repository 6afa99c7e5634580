import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

/**
 * Spec §2 "RecodDownload": the recording play and download page (/recording/{id}), a plain page under the product
 * bar that works signed in and signed out (HomeLayout around it gives the bar and the footer).
 */
export default function RecodDownloadLayout() {
  return (
    <Container size="lg" py="xl" px="md" w="100%">
      <Outlet />
    </Container>
  );
}
