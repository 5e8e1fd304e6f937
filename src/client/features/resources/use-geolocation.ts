import { useState } from 'react';

/** Spec §9: high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
const GEOLOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 300_000,
};

/** Why no position came; each is a `resources.*` message. */
export type GeoError = 'notSupported' | 'denied' | 'unavailable' | 'timeout' | 'failed';

function geoErrorKey(error: GeolocationPositionError): GeoError {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'denied';
    case error.POSITION_UNAVAILABLE:
      return 'unavailable';
    case error.TIMEOUT:
      return 'timeout';
    default:
      return 'failed';
  }
}

/** Asks the browser for the person's position when they choose to share it, and says why it failed. */
export function useGeolocation(onPosition: (position: { lat: number; lng: number }) => void) {
  const [locating, setLocating] = useState(false);
  const [geoError, setGeoError] = useState<GeoError | null>(null);

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeoError('notSupported');
      return;
    }
    setLocating(true);
    setGeoError(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onPosition({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      (error) => {
        setLocating(false);
        setGeoError(geoErrorKey(error));
      },
      GEOLOCATION_OPTIONS,
    );
  };

  return { locating, geoError, locate };
}
