/**
 * The words of the booking messages in the six languages the widget speaks (src/widget/i18n.ts:
 * en, de, fr, es, ja, ar). `{name}` marks a value filled in by `fill`; values are escaped by
 * the HTML renderer, never here.
 * @module
 */
import type { MessageKind } from './types.ts';

/** One language's words. */
export interface MessageStrings {
  subject: Record<MessageKind, string>;
  intro: Record<MessageKind, string>;
  greeting: string;
  what: string;
  when: string;
  where: string;
  answers: string;
  booking: string;
  customer: string;
  previously: string;
  /** Names the shop's zone: the customer's own zone is not known to the service. */
  zoneNote: string;
  calendarNote: string;
  /** The words before the customer's manage link (manage/link.ts). */
  manage: string;
  /** The merchant's cancellation notice of a booking the customer cancelled whose Shopify order is to be refunded. */
  refund: string;
}

const en: MessageStrings = {
  subject: {
    customer_confirmation: 'Your booking at {shop} is confirmed',
    customer_change: 'Your booking at {shop} has changed',
    customer_cancellation: 'Your booking at {shop} is cancelled',
    customer_reminder: 'Reminder: your booking at {shop}',
    merchant_new: 'New booking #{id}: {customer}',
    merchant_cancellation: 'Booking #{id} cancelled: {customer}',
  },
  intro: {
    customer_confirmation: 'Thank you for your booking. Here are its details.',
    customer_change: 'Your booking has been changed. Here are its new details.',
    customer_cancellation: 'Your booking has been cancelled.',
    customer_reminder: 'A reminder of your booking. Here are its details.',
    merchant_new: 'A new booking has been made.',
    merchant_cancellation: 'A booking has been cancelled.',
  },
  greeting: 'Hello {name},',
  what: 'What',
  when: 'When',
  where: 'Where',
  answers: 'Your answers',
  booking: 'Booking number',
  customer: 'Customer',
  previously: 'Previously',
  zoneNote: 'Times are in the time zone of {shop}: {zone}.',
  calendarNote: 'The attached calendar file puts the booking in your calendar.',
  manage: 'See or cancel your booking',
  refund: 'The customer cancelled it with their link: refund the order {order} in Shopify.',
};

const de: MessageStrings = {
  subject: {
    customer_confirmation: 'Ihre Buchung bei {shop} ist bestätigt',
    customer_change: 'Ihre Buchung bei {shop} wurde geändert',
    customer_cancellation: 'Ihre Buchung bei {shop} wurde storniert',
    customer_reminder: 'Erinnerung: Ihre Buchung bei {shop}',
    merchant_new: 'Neue Buchung Nr. {id}: {customer}',
    merchant_cancellation: 'Buchung Nr. {id} storniert: {customer}',
  },
  intro: {
    customer_confirmation: 'Vielen Dank für Ihre Buchung. Hier sind die Einzelheiten.',
    customer_change: 'Ihre Buchung wurde geändert. Hier sind die neuen Einzelheiten.',
    customer_cancellation: 'Ihre Buchung wurde storniert.',
    customer_reminder: 'Eine Erinnerung an Ihre Buchung. Hier sind die Einzelheiten.',
    merchant_new: 'Eine neue Buchung ist eingegangen.',
    merchant_cancellation: 'Eine Buchung wurde storniert.',
  },
  greeting: 'Hallo {name},',
  what: 'Was',
  when: 'Wann',
  where: 'Wo',
  answers: 'Ihre Angaben',
  booking: 'Buchungsnummer',
  customer: 'Kunde',
  previously: 'Bisher',
  zoneNote: 'Zeiten in der Zeitzone von {shop}: {zone}.',
  calendarNote: 'Mit der angehängten Kalenderdatei tragen Sie die Buchung in Ihren Kalender ein.',
  manage: 'Buchung ansehen oder stornieren',
  refund: 'Der Kunde hat sie über seinen Link storniert: Erstatten Sie die Bestellung {order} in Shopify.',
};

const fr: MessageStrings = {
  subject: {
    customer_confirmation: 'Votre réservation chez {shop} est confirmée',
    customer_change: 'Votre réservation chez {shop} a été modifiée',
    customer_cancellation: 'Votre réservation chez {shop} est annulée',
    customer_reminder: 'Rappel : votre réservation chez {shop}',
    merchant_new: 'Nouvelle réservation n° {id} : {customer}',
    merchant_cancellation: 'Réservation n° {id} annulée : {customer}',
  },
  intro: {
    customer_confirmation: 'Merci pour votre réservation. En voici le détail.',
    customer_change: 'Votre réservation a été modifiée. En voici le nouveau détail.',
    customer_cancellation: 'Votre réservation a été annulée.',
    customer_reminder: 'Un rappel de votre réservation. En voici le détail.',
    merchant_new: 'Une nouvelle réservation a été faite.',
    merchant_cancellation: 'Une réservation a été annulée.',
  },
  greeting: 'Bonjour {name},',
  what: 'Quoi',
  when: 'Quand',
  where: 'Où',
  answers: 'Vos réponses',
  booking: 'Numéro de réservation',
  customer: 'Client',
  previously: 'Auparavant',
  zoneNote: 'Heures dans le fuseau horaire de {shop} : {zone}.',
  calendarNote: 'Le fichier de calendrier joint ajoute la réservation à votre agenda.',
  manage: 'Voir ou annuler votre réservation',
  refund: 'Le client l’a annulée avec son lien : remboursez la commande {order} dans Shopify.',
};

const es: MessageStrings = {
  subject: {
    customer_confirmation: 'Su reserva en {shop} está confirmada',
    customer_change: 'Su reserva en {shop} ha cambiado',
    customer_cancellation: 'Su reserva en {shop} está cancelada',
    customer_reminder: 'Recordatorio: su reserva en {shop}',
    merchant_new: 'Nueva reserva n.º {id}: {customer}',
    merchant_cancellation: 'Reserva n.º {id} cancelada: {customer}',
  },
  intro: {
    customer_confirmation: 'Gracias por su reserva. Estos son los detalles.',
    customer_change: 'Su reserva ha cambiado. Estos son los nuevos detalles.',
    customer_cancellation: 'Su reserva ha sido cancelada.',
    customer_reminder: 'Le recordamos su reserva. Estos son los detalles.',
    merchant_new: 'Se ha hecho una nueva reserva.',
    merchant_cancellation: 'Se ha cancelado una reserva.',
  },
  greeting: 'Hola, {name}:',
  what: 'Qué',
  when: 'Cuándo',
  where: 'Dónde',
  answers: 'Sus respuestas',
  booking: 'Número de reserva',
  customer: 'Cliente',
  previously: 'Antes',
  zoneNote: 'Horas en la zona horaria de {shop}: {zone}.',
  calendarNote: 'El archivo de calendario adjunto añade la reserva a su calendario.',
  manage: 'Ver o cancelar su reserva',
  refund: 'El cliente la canceló con su enlace: reembolse el pedido {order} en Shopify.',
};

const ja: MessageStrings = {
  subject: {
    customer_confirmation: '{shop}のご予約が確定しました',
    customer_change: '{shop}のご予約が変更されました',
    customer_cancellation: '{shop}のご予約がキャンセルされました',
    customer_reminder: 'リマインダー: {shop}のご予約',
    merchant_new: '新しい予約 #{id}: {customer}',
    merchant_cancellation: '予約 #{id} キャンセル: {customer}',
  },
  intro: {
    customer_confirmation: 'ご予約ありがとうございます。詳細は以下のとおりです。',
    customer_change: 'ご予約が変更されました。新しい詳細は以下のとおりです。',
    customer_cancellation: 'ご予約はキャンセルされました。',
    customer_reminder: 'ご予約のリマインダーです。詳細は以下のとおりです。',
    merchant_new: '新しい予約が入りました。',
    merchant_cancellation: '予約がキャンセルされました。',
  },
  greeting: '{name} 様',
  what: '内容',
  when: '日時',
  where: '場所',
  answers: 'ご回答',
  booking: '予約番号',
  customer: 'お客様',
  previously: '変更前',
  zoneNote: '時刻は{shop}のタイムゾーン（{zone}）です。',
  calendarNote: '添付のカレンダーファイルでご予約をカレンダーに追加できます。',
  manage: 'ご予約の確認・キャンセル',
  refund: 'お客様がリンクからキャンセルしました。Shopifyで注文{order}を返金してください。',
};

const ar: MessageStrings = {
  subject: {
    customer_confirmation: 'تم تأكيد حجزك لدى {shop}',
    customer_change: 'تم تغيير حجزك لدى {shop}',
    customer_cancellation: 'تم إلغاء حجزك لدى {shop}',
    customer_reminder: 'تذكير: حجزك لدى {shop}',
    merchant_new: 'حجز جديد رقم {id}: {customer}',
    merchant_cancellation: 'تم إلغاء الحجز رقم {id}: {customer}',
  },
  intro: {
    customer_confirmation: 'شكرًا لحجزك. إليك تفاصيله.',
    customer_change: 'تم تغيير حجزك. إليك تفاصيله الجديدة.',
    customer_cancellation: 'تم إلغاء حجزك.',
    customer_reminder: 'تذكير بحجزك. إليك تفاصيله.',
    merchant_new: 'تم إجراء حجز جديد.',
    merchant_cancellation: 'تم إلغاء حجز.',
  },
  greeting: 'مرحبًا {name}،',
  what: 'ماذا',
  when: 'متى',
  where: 'أين',
  answers: 'إجاباتك',
  booking: 'رقم الحجز',
  customer: 'العميل',
  previously: 'سابقًا',
  zoneNote: 'الأوقات بالمنطقة الزمنية لـ {shop}: {zone}.',
  calendarNote: 'ملف التقويم المرفق يضيف الحجز إلى تقويمك.',
  manage: 'عرض حجزك أو إلغاؤه',
  refund: 'ألغاه العميل عبر رابطه: رُدّ مبلغ الطلب {order} في Shopify.',
};

/** The languages messages are written in, as the widget's. */
export const MESSAGE_LOCALES = { en, de, fr, es, ja, ar } as const;

/** A shop locale's language ("de-CH" → de), English when the language is not one of the six. */
export function messageLanguage(locale: string): keyof typeof MESSAGE_LOCALES {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? 'en';
  return language in MESSAGE_LOCALES ? (language as keyof typeof MESSAGE_LOCALES) : 'en';
}

/** `template` with each `{key}` replaced by `values[key]` (unknown keys stay as they are). */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
