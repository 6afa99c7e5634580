import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'majlis',
  colors: {
    majlis: [
      '#e8effb',
      '#cfdcf3',
      '#9db8e6',
      '#6891d9',
      '#3f70ce',
      '#2559c4',
      '#174cb8',
      '#0b3d91',
      '#083277',
      '#04265c',
    ],
  },
  primaryShade: 7,
  fontFamily: '"Noto Sans Arabic", "Noto Naskh Arabic", system-ui, "Segoe UI", Tahoma, "DejaVu Sans", sans-serif',
  headings: { fontFamily: '"Noto Kufi Arabic", "Noto Sans Arabic", system-ui, "Segoe UI", Tahoma, sans-serif' },
  defaultRadius: 'md',
});
