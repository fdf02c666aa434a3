/**
 * The words of the manage page in the six languages of the widget and the messages (en, de, fr,
 * es, ja, ar). `{name}` marks a value `fill` (messages/strings.ts) puts in; the page escapes it.
 * @module
 */

/** One language's words. */
export interface ManageStrings {
  title: string;
  booking: string;
  what: string;
  when: string;
  where: string;
  status: string;
  statuses: Record<'pending' | 'confirmed' | 'cancelled', string>;
  zoneNote: string;
  cancel: string;
  confirmQuestion: string;
  confirm: string;
  keep: string;
  cancelled: string;
  tooLate: string;
  notOnline: string;
  contactAt: string;
  expiredTitle: string;
  expired: string;
  invalidTitle: string;
  invalid: string;
}

const en: ManageStrings = {
  title: 'Your booking at {shop}',
  booking: 'Booking number',
  what: 'What',
  when: 'When',
  where: 'Where',
  status: 'Status',
  statuses: { pending: 'Awaiting confirmation', confirmed: 'Confirmed', cancelled: 'Cancelled' },
  zoneNote: 'Times are in the time zone of {shop}: {zone}.',
  cancel: 'Cancel booking',
  confirmQuestion: 'Do you want to cancel this booking? This cannot be undone.',
  confirm: 'Yes, cancel the booking',
  keep: 'No, keep the booking',
  cancelled: 'Your booking is cancelled. You will receive a confirmation by email.',
  tooLate: 'This booking could be cancelled online until {until}. To cancel it now, contact {shop}{contact}.',
  notOnline: 'This booking cannot be cancelled online. To cancel it, contact {shop}{contact}.',
  contactAt: ' at {email}',
  expiredTitle: 'This link has expired',
  expired: 'This link has expired; contact the shop.',
  invalidTitle: 'This link is not valid',
  invalid: 'This link is not valid: check that you opened the whole link from your email, or contact the shop.',
};

const de: ManageStrings = {
  title: 'Ihre Buchung bei {shop}',
  booking: 'Buchungsnummer',
  what: 'Was',
  when: 'Wann',
  where: 'Wo',
  status: 'Status',
  statuses: { pending: 'Wartet auf Bestätigung', confirmed: 'Bestätigt', cancelled: 'Storniert' },
  zoneNote: 'Die Zeiten gelten in der Zeitzone von {shop}: {zone}.',
  cancel: 'Buchung stornieren',
  confirmQuestion: 'Möchten Sie diese Buchung stornieren? Das kann nicht rückgängig gemacht werden.',
  confirm: 'Ja, Buchung stornieren',
  keep: 'Nein, Buchung behalten',
  cancelled: 'Ihre Buchung ist storniert. Sie erhalten eine Bestätigung per E-Mail.',
  tooLate:
    'Diese Buchung konnte bis {until} online storniert werden. Um sie jetzt zu stornieren, wenden Sie sich an {shop}{contact}.',
  notOnline: 'Diese Buchung kann nicht online storniert werden. Wenden Sie sich dazu an {shop}{contact}.',
  contactAt: ' unter {email}',
  expiredTitle: 'Dieser Link ist abgelaufen',
  expired: 'Dieser Link ist abgelaufen; wenden Sie sich an das Geschäft.',
  invalidTitle: 'Dieser Link ist ungültig',
  invalid:
    'Dieser Link ist ungültig: Prüfen Sie, ob Sie den ganzen Link aus Ihrer E-Mail geöffnet haben, oder wenden Sie sich an das Geschäft.',
};

const fr: ManageStrings = {
  title: 'Votre réservation chez {shop}',
  booking: 'Numéro de réservation',
  what: 'Quoi',
  when: 'Quand',
  where: 'Où',
  status: 'État',
  statuses: { pending: 'En attente de confirmation', confirmed: 'Confirmée', cancelled: 'Annulée' },
  zoneNote: 'Les horaires sont dans le fuseau horaire de {shop} : {zone}.',
  cancel: 'Annuler la réservation',
  confirmQuestion: 'Voulez-vous annuler cette réservation ? Cette action est définitive.',
  confirm: 'Oui, annuler la réservation',
  keep: 'Non, garder la réservation',
  cancelled: 'Votre réservation est annulée. Vous recevrez une confirmation par e-mail.',
  tooLate:
    "Cette réservation pouvait être annulée en ligne jusqu'au {until}. Pour l'annuler maintenant, contactez {shop}{contact}.",
  notOnline: 'Cette réservation ne peut pas être annulée en ligne. Pour l’annuler, contactez {shop}{contact}.',
  contactAt: ' à {email}',
  expiredTitle: 'Ce lien a expiré',
  expired: 'Ce lien a expiré ; contactez la boutique.',
  invalidTitle: "Ce lien n'est pas valide",
  invalid:
    "Ce lien n'est pas valide : vérifiez que vous avez ouvert le lien complet de votre e-mail, ou contactez la boutique.",
};

const es: ManageStrings = {
  title: 'Su reserva en {shop}',
  booking: 'Número de reserva',
  what: 'Qué',
  when: 'Cuándo',
  where: 'Dónde',
  status: 'Estado',
  statuses: { pending: 'Pendiente de confirmación', confirmed: 'Confirmada', cancelled: 'Cancelada' },
  zoneNote: 'Las horas están en la zona horaria de {shop}: {zone}.',
  cancel: 'Cancelar la reserva',
  confirmQuestion: '¿Quiere cancelar esta reserva? No se puede deshacer.',
  confirm: 'Sí, cancelar la reserva',
  keep: 'No, mantener la reserva',
  cancelled: 'Su reserva está cancelada. Recibirá una confirmación por correo electrónico.',
  tooLate:
    'Esta reserva podía cancelarse en línea hasta el {until}. Para cancelarla ahora, contacte con {shop}{contact}.',
  notOnline: 'Esta reserva no se puede cancelar en línea. Para cancelarla, contacte con {shop}{contact}.',
  contactAt: ' en {email}',
  expiredTitle: 'Este enlace ha caducado',
  expired: 'Este enlace ha caducado; contacte con la tienda.',
  invalidTitle: 'Este enlace no es válido',
  invalid:
    'Este enlace no es válido: compruebe que abrió el enlace completo de su correo electrónico, o contacte con la tienda.',
};

const ja: ManageStrings = {
  title: '{shop}でのご予約',
  booking: '予約番号',
  what: '内容',
  when: '日時',
  where: '場所',
  status: '状態',
  statuses: { pending: '確認待ち', confirmed: '確定', cancelled: 'キャンセル済み' },
  zoneNote: '時刻は{shop}のタイムゾーンです: {zone}。',
  cancel: '予約をキャンセル',
  confirmQuestion: 'この予約をキャンセルしますか？元に戻すことはできません。',
  confirm: 'はい、予約をキャンセルします',
  keep: 'いいえ、予約を残します',
  cancelled: 'ご予約はキャンセルされました。確認のメールが届きます。',
  tooLate: 'この予約のオンラインでのキャンセルは{until}までです。今キャンセルするには{shop}{contact}にご連絡ください。',
  notOnline: 'この予約はオンラインではキャンセルできません。キャンセルするには{shop}{contact}にご連絡ください。',
  contactAt: '（{email}）',
  expiredTitle: 'このリンクは期限切れです',
  expired: 'このリンクは期限切れです。ショップにご連絡ください。',
  invalidTitle: 'このリンクは無効です',
  invalid: 'このリンクは無効です。メールのリンク全体を開いたかご確認いただくか、ショップにご連絡ください。',
};

const ar: ManageStrings = {
  title: 'حجزك لدى {shop}',
  booking: 'رقم الحجز',
  what: 'ماذا',
  when: 'متى',
  where: 'أين',
  status: 'الحالة',
  statuses: { pending: 'بانتظار التأكيد', confirmed: 'مؤكد', cancelled: 'ملغى' },
  zoneNote: 'الأوقات بالمنطقة الزمنية لـ {shop}: {zone}.',
  cancel: 'إلغاء الحجز',
  confirmQuestion: 'هل تريد إلغاء هذا الحجز؟ لا يمكن التراجع عن ذلك.',
  confirm: 'نعم، ألغِ الحجز',
  keep: 'لا، أبقِ الحجز',
  cancelled: 'تم إلغاء حجزك. ستصلك رسالة تأكيد بالبريد الإلكتروني.',
  tooLate: 'كان يمكن إلغاء هذا الحجز عبر الإنترنت حتى {until}. لإلغائه الآن، تواصل مع {shop}{contact}.',
  notOnline: 'لا يمكن إلغاء هذا الحجز عبر الإنترنت. لإلغائه، تواصل مع {shop}{contact}.',
  contactAt: ' على {email}',
  expiredTitle: 'انتهت صلاحية هذا الرابط',
  expired: 'انتهت صلاحية هذا الرابط؛ تواصل مع المتجر.',
  invalidTitle: 'هذا الرابط غير صالح',
  invalid: 'هذا الرابط غير صالح: تحقق من أنك فتحت الرابط كاملًا من بريدك الإلكتروني، أو تواصل مع المتجر.',
};

/** Every language's words. */
export const MANAGE_LOCALES = { en, de, fr, es, ja, ar } as const;
