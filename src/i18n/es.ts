import type { Catalogue, PlainCatalogue } from './messages';

// Catálogo español (Guinea Ecuatorial): mismas claves y mismos {parámetros} que el inglés
// (comprobado por los tipos y por una prueba). Se carga solo cuando se elige: i18n/es.json.
export const es = {
  'lang.label': 'Idioma',

  'page.title': 'Pago seguro',
  'page.test': 'PRUEBA',
  'dialog.close': 'Cerrar',
  'summary.total': 'Total a pagar',
  'summary.paid': 'Total pagado',
  'summary.items': 'Su pedido',
  'summary.quantity': '{quantity}\u00a0×\u00a0{price}',

  loading: 'Cargando su pago…',

  'form.heading': 'Pagar con dinero móvil',
  'form.firstName': 'Nombre',
  'form.lastName': 'Apellidos',
  'form.email': 'Correo electrónico para su recibo',
  'form.country': 'País',
  'country.cg': 'Congo',
  'country.cm': 'Camerún',
  'country.ga': 'Gabón',
  'country.td': 'Chad',
  'country.cf': 'República Centroafricana',
  'country.gq': 'Guinea Ecuatorial',
  'country.sn': 'Senegal',
  'country.ci': 'Côte d’Ivoire',
  'country.ml': 'Mali',
  'country.bf': 'Burkina Faso',
  'country.bj': 'Benín',
  'country.tg': 'Togo',
  'country.ne': 'Níger',
  'country.gw': 'Guinea-Bisáu',
  'form.operator': 'Operador de dinero móvil',
  'form.operatorDetected': 'Detectado a partir de su número',
  'form.walletSlow': '{wallet} va lento en este momento: la validación puede tardar {minutes} minutos',
  'form.walletDown': '{wallet} no responde en este momento: elija otra billetera si tiene una',
  'form.phone': 'Número de dinero móvil',
  'form.phoneHint': 'La solicitud que debe aprobar llegará a este teléfono.',
  'form.pay': 'Pagar {amount}',
  'form.paying': 'Enviando la solicitud…',
  'form.fixErrors': 'Corrija los campos señalados.',
  'form.cancel': 'Cancelar y volver al comercio',
  'form.secure': 'Su número solo se usa para este pago.',

  'error.firstName.empty': 'Escriba su nombre.',
  'error.firstName.invalid': 'Use solo letras (se admiten acentos, guiones y apóstrofos).',
  'error.lastName.empty': 'Escriba sus apellidos.',
  'error.lastName.invalid': 'Use solo letras (se admiten acentos, guiones y apóstrofos).',
  'error.name.tooLong': 'Use {max} caracteres como máximo.',
  'error.email.empty': 'Escriba un correo electrónico para recibir su recibo.',
  'error.email.invalid': 'Escriba un correo electrónico válido, como nombre@ejemplo.com.',
  'error.operator.empty': 'Elija su operador de dinero móvil.',
  'error.phone.empty': 'Escriba su número de dinero móvil.',
  'error.phone.too_short': 'Este número es demasiado corto.',
  'error.phone.too_long': 'Este número es demasiado largo.',
  'error.phone.invalid': 'Este no es un número móvil válido de {country}.',
  'error.phone.other_network':
    'Este número es de la red {network}, que {wallet} no atiende. Compruebe el número o elija otro operador.',
  'error.rateLimited': 'Demasiados intentos. Espere {seconds} segundos y vuelva a intentarlo.',
  'error.notSent':
    'Su solicitud de pago no llegó: todavía no nos ha llegado ningún cobro. Compruebe su conexión y vuelva a intentarlo.',

  'pending.heading': 'Apruebe el pago en su teléfono',
  'pending.body':
    'Hemos enviado una solicitud de pago de {amount} al {phone}. Abra {operator} en su teléfono y confirme con su PIN.',
  'pending.payee': 'Pago de {amount} a {merchant}',
  'pending.bodyUnknown': 'Una solicitud de pago de {amount} espera su aprobación en su teléfono.',
  'pending.ussd': '¿No le llega el aviso? Marque {ussd} en su teléfono para ver los pagos pendientes.',
  'rescue.title': '¿Sigue sin recibir la solicitud en su teléfono?',
  'rescue.dial': 'Apruebe el pago desde el menú de {wallet}:',
  'rescue.dialLink': 'marcar {ussd}',
  'rescue.menu': 'Abra el menú de {wallet} en su teléfono: allí puede aprobar el pago pendiente.',
  'rescue.resend':
    'Si no, esta solicitud caduca a las {time}; entonces podrá enviar una nueva solicitud, sin riesgo de un doble cobro.',
  'rescue.resendLater':
    'Si no, cuando esta solicitud caduque, podrá enviar una nueva solicitud, sin riesgo de un doble cobro.',
  'pending.waiting': 'Esperando su aprobación…',
  'pending.timeLeft': 'Tiempo restante para aprobar: {time}',
  'pending.checkNow': 'Ya lo he aprobado: comprobar ahora',
  'pending.checking': 'Comprobando…',
  'pending.resendLater':
    '¿No le llega el aviso o el número es incorrecto? Cuando esta solicitud caduque podrá enviar una nueva, a este número o a otro.',
  'pending.offline': 'Se perdió la conexión. Volveremos a comprobar su pago en cuanto vuelva a estar conectado.',

  'unknown.heading': 'Seguimos verificando su pago',
  'unknown.body':
    'Su operador aún no nos ha dado el resultado. No pague otra vez: si el pago se realizó, el comercio lo sabrá y el historial de su monedero lo mostrará. Si el comercio envía recibos, el suyo irá a {email}.',
  'unknown.bodyNoEmail':
    'Su operador aún no nos ha dado el resultado. No pague otra vez: si el pago se realizó, el comercio lo sabrá y el historial de su monedero lo mostrará.',
  'unknown.check': 'Comprobar de nuevo',

  'succeeded.heading': 'Pago realizado',
  'succeeded.body': '¡Gracias! Hemos recibido su pago de {amount}.',
  'succeeded.amount': 'Importe',
  'succeeded.payee': 'Pagado a',
  'succeeded.operator': 'Pagado con',
  'succeeded.phone': 'Número',
  'succeeded.reference': 'Referencia',
  'succeeded.date': 'Fecha',
  'succeeded.emailed': 'Si el comercio envía recibos, el suyo irá a {email}.',
  'succeeded.returning': 'Volviendo al comercio en {seconds} s…',
  'succeeded.returnNow': 'Volver al comercio ahora',
  'succeeded.support': '¿Alguna pregunta sobre su pedido? Contacte con {merchant}: {contact}',
  'succeeded.copy': 'Copiar el recibo',
  'succeeded.copied': 'Recibo copiado.',
  'succeeded.copyManual': 'Aquí no se permite copiar: seleccione el texto de abajo para copiarlo.',
  'succeeded.share': 'Compartir el recibo',
  // The lasting receipt link (src/components/KeepLink.tsx).
  'receipt.keep': 'Guardar un enlace a este recibo',
  'receipt.keepHint':
    'Este enlace muestra el estado y el recibo de este pago, incluso después de cerrar esta página. Cualquier persona que lo tenga puede verlos.',
  'receipt.copyLink': 'Copiar el enlace',
  'receipt.copied': 'Enlace copiado.',
  'receipt.failed': 'No se pudo crear el enlace. Compruebe su conexión y vuelva a intentarlo.',
  'succeeded.done': 'Listo',

  'canceled.heading': 'Pago cancelado',
  'canceled.body': 'Ha salido de este pago. Puede volver a él en cualquier momento.',
  'canceled.back': 'Volver al pago',
  'canceled.left': 'Ha cancelado este pago. Para pagar este pedido, vuelva al comercio y empiece de nuevo.',
  'canceled.toMerchant': 'Volver al comercio',

  'failed.heading': 'Pago no completado',
  'failed.retry': 'Intentar de nuevo',
  'failed.resend': 'Enviar una nueva solicitud al {phone}',
  'failed.changeNumber': 'Usar otro número u operador',
  'failed.noCharge': 'No se le ha cobrado nada.',
  'reason.payer_declined': 'El pago se rechazó en su teléfono.',
  'reason.insufficient_funds': 'Su saldo de dinero móvil no alcanza para este pago.',
  'reason.approval_timeout': 'La solicitud de pago caducó antes de ser aprobada.',
  'reason.operator_unavailable':
    'Su operador no responde en este momento. Inténtelo de nuevo en unos minutos o use otro número.',
  'step.wait': 'Su operador está procesando el pago.',
  'step.failed': 'No se pudo cargar este paso. Compruebe su conexión e inténtelo de nuevo.',
  'step.retry': 'Intentar de nuevo',
  'pending.checked': 'Aún no aprobado (comprobado a las {time}).',
  'pending.otherWallet': '¿Pagar con otro operador? Esta solicitud caduca a las {time}; entonces podrá elegir otro.',
  'pending.otherWalletLater': '¿Pagar con otro operador? Cuando esta solicitud haya caducado, podrá elegir otro.',
  'pending.wrongNumber':
    '¿Número equivocado? Esta solicitud caduca a las {time}; entonces podrá enviar una nueva a otro número.',
  'form.repeat':
    '{wallet} puede rechazar el mismo importe desde el mismo número unos minutos después de un intento. Si ocurre, espere unos minutos o use otro número.',
  'reason.otp_invalid': 'El código de pago se escribió mal demasiadas veces.',
  'reason.other': 'Su operador rechazó el pago.',

  'error.heading': 'Algo salió mal',
  'error.retry': 'Intentar de nuevo',
  'error.network': 'No pudimos conectar con el servicio de pago. Compruebe su conexión y vuelva a intentarlo.',
  'error.server': 'El servicio de pago tiene problemas. Vuelva a intentarlo en un momento.',
  'error.invalidResponse':
    'El servicio de pago envió una respuesta que no entendimos. Vuelva a intentarlo en un momento.',
  'error.notFound': 'No se encontró este pago. Pida al comercio un nuevo enlace de pago.',
  'error.lost':
    'Ya no se encuentra este pago. Si lo aprobó, no pague otra vez: el historial de su monedero muestra si se realizó. Si no, pida al comercio un nuevo enlace.',
  'error.badLink': 'Este enlace de pago está incompleto. Pida al comercio un nuevo enlace de pago.',
  'error.badSecret': 'Este enlace de pago no es válido. Pida al comercio un nuevo enlace de pago.',
  'error.expired': 'Este enlace de pago ha caducado. Pida uno nuevo al comercio.',
  'error.canceled': 'El comercio canceló este pago.',
  'error.sessionUnavailable': 'Este pedido no se puede mostrar aquí. Pida al comercio un enlace de pago directo.',
  'error.tooManyAttempts': 'Este pago ha fallado demasiadas veces. Pida al comercio un nuevo enlace de pago.',
  'error.unknownStatus':
    'Ahora mismo no podemos saber el estado de este pago. No pague otra vez; vuelva a comprobarlo en un momento.',
  'error.confirmUnknown':
    'No pudimos saber si su solicitud de pago se envió. No pague otra vez: compruebe primero su estado.',
  'error.checkStatus': 'Comprobar el estado del pago',
} satisfies Catalogue;

// The pages without JavaScript's own words (src/server/plain-pages.ts): never in a bundle nor in es.json.
export const esPlain = {
  // Between a label and its value ("Total payé : 5 000 FCFA").
  colon: ': ',
  due: 'a pagar',
  to: 'a',
  expired:
    'Este formulario ha caducado o ya no es válido. Compruebe sus datos y vuelva a pulsar Pagar: no se ha enviado nada.',
  check: 'Compruebe el importe y sus datos, y luego pulse Pagar: todavía no se ha enviado nada.',
  stuck: 'La página de pago no pudo abrirse en este navegador: pague con este formulario sencillo.',
  again: 'Volver a intentar la página de pago completa',
  autoDetect: 'Según mi número',
  // A payment link's pages (src/server/link-pages.ts).
  linkHeading: 'Pagar a {merchant}',
  linkNoName: 'Pagar con dinero móvil',
  linkAmountLabel: 'Importe a pagar, de {min} a {max}',
  linkAmountError: 'Introduzca un importe entero de {min} a {max}.',
  linkContinue: 'Continuar al pago',
  linkClosed: 'Este enlace ya no acepta pagos',
  linkExpired: 'Caducó el {date}.',
  linkFull: 'Ya recibió todos los pagos para los que se creó.',
  linkInactive: 'El vendedor lo ha cerrado.',
  linkContact: 'Contacte con el vendedor para pagar de otra forma:',
  linkAskNew: 'Pida al vendedor un nuevo enlace de pago.',
  linkNotFound: 'Este enlace de pago no existe. Compruebe la dirección o pida al vendedor un nuevo enlace.',
  linkScan: 'Escanee con su teléfono para pagar',
  linkPrint: 'Imprima esta página (Ctrl+P, o Compartir y luego Imprimir en un teléfono) y muéstrela en su puesto.',
  linkChoose: 'Importe a su elección: de {min} a {max}',
  linkQrAlt: 'Código QR del enlace de pago',
  // A lasting receipt link's page (src/server/receipt-page.ts).
  receiptTitle: 'Recibo de pago',
  receiptStatus: 'Estado',
  receiptPaid: 'Pagado',
  receiptPending: 'Pendiente',
  receiptNotPaid: 'No pagado',
  receiptPendingHeading: 'Pago pendiente',
  receiptPendingNote:
    'Pendiente no significa fallido: {wallet} puede tardar hasta {minutes} minutos en confirmar un pago, a veces más. No pague otra vez: esta página muestra el resultado en cuanto se conoce.',
  receiptYourWallet: 'su monedero',
  receiptNoAttempt: 'Todavía no se ha hecho ningún pago.',
  receiptNotFoundHeading: 'Recibo no encontrado',
  receiptNotFound: 'Este enlace de recibo no es válido. Compruebe que se copió entero, o pregunte al comercio.',
  receiptFollow: 'Actualizar esta página sola cada {seconds} segundos',
  receiptStopFollow: 'Dejar de actualizar',
  receiptKeep: 'Guardar un enlace a este recibo',
  receiptKeepHint:
    'Muestra el estado y el recibo de este pago, incluso después de cerrar esta página. Cualquier persona con el enlace puede verlos.',
  refreshing: 'Esta página se actualiza sola.',
  checkNow: 'Comprobar ahora',
  back: 'Volver al formulario',
  refused:
    'Este formulario no se envió desde esta página de pago: no se ha pagado nada. Vuelva a abrir el enlace de pago.',
} satisfies PlainCatalogue;
