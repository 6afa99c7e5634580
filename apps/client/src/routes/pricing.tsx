import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Currency, PriceList, RoomPeriod } from '@majlis/contracts/billing';
import type { TRoomType } from '@majlis/contracts/rooms';
import type { Locale } from '@majlis/i18n';
import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, ROOM_TYPE_LABEL } from '../features/billing/labels.ts';
import { EnterpriseComparison } from '../features/pricing/EnterpriseComparison.tsx';
import { KEYBOARD_SCROLL } from '../features/pricing/keyboard-scroll.ts';
import { PlanCard } from '../features/pricing/PlanCard.tsx';
import { ScrollHint } from '../features/pricing/ScrollHint.tsx';
import { api, body } from '../lib/api.ts';
import { formatNumber } from '../lib/format.ts';
import { messageOf } from '../lib/http.ts';
import { useLanguage } from '../state/language.tsx';
import { useSessionUser } from '../state/session.tsx';
import { Page } from '../ui/Page.tsx';

/** Cheapest first: the order a visitor compares them in. */
const TYPES: TRoomType[] = ['jitsi', 'bbb', 'zoom'];
const DAILY_PACK_DAYS = 7;

/**
 * The first currency shown. An Arabic reader is most likely in Egypt, where checkout charges pounds and the VAT line
 * is Egyptian; an English reader is more often abroad and thinks in dollars. Either can switch; the choice then
 * stays while the language changes.
 */
const defaultCurrency = (locale: Locale): Currency => (locale === 'ar' ? 'EGP' : 'USD');

const percent = (locale: Locale, n: number) => formatNumber(locale, n / 100, { style: 'percent' });

/** /home/pricing: the operator's real prices (GET /api/billing/prices) in the reader's language and digits. */
export default function PricingPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const user = useSessionUser();
  const [list, setList] = useState<PriceList | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const [type, setType] = useState<TRoomType>('jitsi');
  const [tier, setTier] = useState<number | null>(null);
  const ids = { currency: useId(), type: useId() };
  const currency = chosenCurrency ?? defaultCurrency(language);
  // A segmented control gives every choice the width of the longest: three product names side by side would be cut
  // short on a 320 px phone, so there they stand one above the other.
  const switchSize = useMatches({ base: 'xs', sm: 'sm' });
  const typeOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });

  useEffect(() => {
    let live = true;
    body(api.billing.prices.$get())
      .then((l) => live && setList(l))
      .catch((e) => live && setError(e));
    return () => {
      live = false;
    };
  }, []);

  const price = (participants: number, period: RoomPeriod) =>
    list?.rooms.find(
      (r) => r.roomType === type && r.participants === participants && r.period === period && r.currency === currency,
    )?.amountMinor;
  const money = (minor: number | undefined) => (minor === undefined ? '—' : formatMoney(language, minor, currency));
  const shownTier = tier ?? list?.tiers[0] ?? 10;
  const upTo = (n: number) => {
    const shown = formatNumber(language, n);
    return plural(n, { one: `Up to ${shown} participant`, other: `Up to ${shown} participants` });
  };
  const packDays = formatNumber(language, DAILY_PACK_DAYS);

  return (
    <Page title={t`Compare prices`}>
      <section className="section container">
        <Title order={1} ta="center">
          <Trans>Compare prices</Trans>
        </Title>
        <Text ta="center" c="dimmed" mt="sm" maw={680} mx="auto">
          <Trans>
            Start with a free 7-day trial, then buy each room by the day, the month or the year. The price depends on
            the room type and how many people join it; a coupon code takes its discount off at checkout.
          </Trans>
        </Text>

        {error !== null && (
          <Alert color="red" role="alert" mt="xl">
            {messageOf(error, language, t`The prices could not be loaded. Try again in a moment.`)}
          </Alert>
        )}
        {!list && error === null && (
          <Group justify="center" mt="xl">
            <Loader role="status" aria-label={t`Loading`} />
          </Group>
        )}

        {list && (
          <>
            <Group justify="center" mt="xl" gap="lg">
              <Stack gap={4} align="center">
                <Text size="sm" fw={500} id={ids.currency}>
                  <Trans>Currency</Trans>
                </Text>
                <SegmentedControl
                  aria-labelledby={ids.currency}
                  value={currency}
                  onChange={(v) => setCurrency(v as Currency)}
                  data={[
                    { value: 'EGP', label: t`Egyptian pounds` },
                    { value: 'USD', label: t`US dollars` },
                  ]}
                  size={switchSize}
                  data-testid="pricing-currency"
                />
              </Stack>
              <Stack gap={4} align="center">
                <Text size="sm" fw={500} id={ids.type}>
                  <Trans>Room type</Trans>
                </Text>
                <SegmentedControl
                  aria-labelledby={ids.type}
                  value={type}
                  onChange={(v) => setType(v as TRoomType)}
                  data={TYPES.map((value) => ({ value, label: ROOM_TYPE_LABEL[value] }))}
                  size={switchSize}
                  orientation={typeOrientation}
                  data-testid="pricing-type"
                />
              </Stack>
              <Select
                label={t`Participants`}
                value={String(shownTier)}
                onChange={(v) => v && setTier(Number(v))}
                data={list.tiers.map((n) => ({ value: String(n), label: upTo(n) }))}
                allowDeselect={false}
                w={220}
                data-testid="pricing-tier"
              />
            </Group>

            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} mt="xl">
              <PlanCard name={t`Free trial`} price={t`Free`} unit={t`for 7 days`}>
                <List.Item>
                  <Trans>One room for 7 days</Trans>
                </List.Item>
                <List.Item>
                  <Trans>Verify your phone to start</Trans>
                </List.Item>
              </PlanCard>
              <PlanCard name={t`Daily plan`} price={money(price(shownTier, 'daily'))} unit={t`for a pack of 7 days`}>
                <List.Item>
                  <Trans>A day is counted when your first meeting of the day starts</Trans>
                </List.Item>
                <List.Item>
                  <Trans>Each day lasts up to 24 hours</Trans>
                </List.Item>
                <List.Item>
                  <Trans>Unused days do not expire</Trans>
                </List.Item>
              </PlanCard>
              <PlanCard name={t`Monthly`} price={money(price(shownTier, 'monthly'))} unit={t`a month`}>
                <List.Item>
                  <Trans>Renews every month</Trans>
                </List.Item>
                <List.Item>
                  <Trans>10 GB of storage per room</Trans>
                </List.Item>
              </PlanCard>
              <PlanCard
                name={t`Annual`}
                price={money(price(shownTier, 'annual'))}
                unit={t`a year`}
                badge={list.annualSavingPercent > 0 ? t`Save ${percent(language, list.annualSavingPercent)}` : null}
              >
                <List.Item>
                  <Trans>Renews every year</Trans>
                </List.Item>
                <List.Item>
                  <Trans>10 GB of storage per room</Trans>
                </List.Item>
              </PlanCard>
            </SimpleGrid>

            <Title order={2} size="h3" mt={48} mb="md">
              <Trans>{ROOM_TYPE_LABEL[type]} rooms by number of participants</Trans>
            </Title>
            {/* Wider than a phone: the table scrolls inside its own box, never the page. */}
            <ScrollHint />
            <Table.ScrollContainer minWidth={480} data-testid="pricing-table" scrollAreaProps={KEYBOARD_SCROLL}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>
                      <Trans>Participants</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>7 days</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Monthly</Trans>
                    </Table.Th>
                    <Table.Th>
                      <Trans>Annual</Trans>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.tiers.map((n) => (
                    <Table.Tr key={n}>
                      <Table.Th scope="row" fw={500}>
                        {upTo(n)}
                      </Table.Th>
                      <Table.Td>{money(price(n, 'daily'))}</Table.Td>
                      <Table.Td>{money(price(n, 'monthly'))}</Table.Td>
                      <Table.Td>{money(price(n, 'annual'))}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm" c="dimmed" mt="sm" data-testid="pricing-tax">
              <Trans>Prices are before VAT: +{percent(language, list.taxPercent)} VAT is added at checkout.</Trans>{' '}
              {plural(DAILY_PACK_DAYS, {
                one: `A daily pack holds ${packDays} day.`,
                other: `A daily pack holds ${packDays} days.`,
              })}
            </Text>

            <EnterpriseComparison list={list} currency={currency} locale={language} />
          </>
        )}

        <Button component={Link} to={user ? '/dashbord/billing' : '/register'} mt="xl" size="md">
          {user ? <Trans>Go to billing</Trans> : <Trans>Start your free trial</Trans>}
        </Button>
      </section>
    </Page>
  );
}
